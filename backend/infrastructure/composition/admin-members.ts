import type { AccountErasure } from '../../application/account/account-erasure';
import { createMembersService } from '../../application/admin/members-service';
import type { IdentityService } from '../../application/identity/identity-service';
import { pageIdeaSetsOf } from '../../projections/idea-sets/idea-sets-projection';
import { listPlansOf } from '../../projections/plans/plans-projection';
import { adminUserBatches, pageAdminUsers } from '../../projections/users/admin-user-queries';
import { countOtherAdmins, findUserById, namesOf } from '../../projections/users/users-projection';
import { toUserResponse } from '../http/user-response';
import type { Platform } from './platform';
import { defineSlice } from '../slices/slice';
import { callers } from '../slices/callers';

/**
 * The admin Members tab (issue 32): one service reading three read models (users, idea sets,
 * plans) and the members' streams, and changing accounts through identity and account erasure.
 */
export function adminMembersContext(platform: Platform, services: { identity: IdentityService; accountErasure: AccountErasure }) {
  const { database, eventStore, clock, progress } = platform;
  const db = database.db;
  return {
    adminMembers: createMembersService({
      eventStore,
      clock,
      progress,
      identity: services.identity,
      accountErasure: services.accountErasure,
      reads: {
        async page(filter, order, page) {
          const { rows, total } = await pageAdminUsers(db, filter, order, page);
          return { members: rows.map(toUserResponse), total };
        },
        async *batches(filter, order) {
          for await (const rows of adminUserBatches(db, filter, order)) yield rows.map(toUserResponse);
        },
        async member(userId) {
          const row = await findUserById(db, userId);
          return row && toUserResponse(row);
        },
        otherEnabledAdmins: (userId) => countOtherAdmins(db, userId),
        async ideaSets(userId, limit) {
          const { sets } = await pageIdeaSetsOf(db, userId, { limit });
          return sets.map(({ set }) => set);
        },
        plans: async (userId, limit) => (await listPlansOf(db, userId)).slice(0, limit),
        names: (userIds) => namesOf(db, userIds),
      },
    }),
  };
}

export type AdminMembersContext = ReturnType<typeof adminMembersContext>;

/** The admin Members tab's slice; the admin area's route folder (`admin`: one audience, staff) is declared here. */
export const adminMembersSlice = defineSlice({
  name: 'admin-members',
  context: (platform, built: { identity: IdentityService; accountErasure: AccountErasure }) => adminMembersContext(platform, built),
  routeFolders: ['admin'],
  // Who may call each of its operations (the role matrix: tests/reliability/role-matrix.int.spec.ts).
  callers: {
    // Admin Members tab (issue 32): a made-up id is a 404, the admin's own rules (409 last admin) are answers of their own.
    listAdminUsers: callers.admins,
    exportAdminUsers: callers.admins,
    getAdminUser: callers.admins,
    changeUserRole: callers.admins,
    toggleUserDisabled: callers.admins,
    deleteUser: callers.admins,
    listUserIdeaSets: callers.admins,
    listUserPlans: callers.admins,
    getUserAuditTrail: callers.admins,
  },
});
