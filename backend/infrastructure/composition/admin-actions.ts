import { createAdminActions, type AdminActionRecord } from '../../application/admin/admin-actions';
import type { ContentCleanup } from '../../application/admin/content-cleanup';
import type { MembersService } from '../../application/admin/members-service';
import type { createBlogService } from '../../application/blog/blog-posts';
import { faqs } from '../../application/content/faqs';
import { platformLinks } from '../../application/content/platform-links';
import { adminActionDecider, type AdminActionTaken } from '../../domain/admin-actions/admin-action';
import { adminActionsReadModel } from '../../projections/admin-actions/read-model';
import { findAdminAction, recentAdminActions, type AdminActionRow } from '../../projections/admin-actions/admin-actions-projection';
import { findUserById, namesOf } from '../../projections/users/users-projection';
import type { Platform } from './platform';
import { defineSlice } from '../slices/slice';
import { callers } from '../slices/callers';

type Built = { adminMembers: MembersService; contentCleanup: ContentCleanup; blog: ReturnType<typeof createBlogService> };

const toRecord = (row: AdminActionRow): AdminActionRecord => ({
  id: row.id,
  kind: row.kind as AdminActionRecord['kind'],
  adminId: row.admin_id,
  targetUserId: row.target_user_id,
  details: (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as AdminActionRecord['details'],
  takenAt: new Date(row.taken_at),
  undoneAt: row.undone_at ? new Date(row.undone_at) : null,
  undoneBy: row.undone_by,
});

/** Undo for what an admin destroys (issue 53): the destructive admin actions, each recorded, and their undo. */
export function adminActionsContext(platform: Platform, built: Built) {
  const { database, eventStore, ids, clock } = platform;
  const db = database.db;
  return {
    adminActions: createAdminActions({
      eventStore,
      ids,
      clock,
      members: built.adminMembers,
      cleanup: built.contentCleanup,
      content: { faqs: faqs(db, { ids, clock }), platforms: platformLinks(db, { ids, clock }), blog: built.blog },
      reads: {
        recent: async (limit) => (await recentAdminActions(db, limit)).map(toRecord),
        one: async (id) => {
          const row = await findAdminAction(db, id);
          return row && toRecord(row);
        },
        names: (userIds) => namesOf(db, userIds),
        async member(userId) {
          const row = await findUserById(db, userId);
          return row ? { role: row.role, disabled: row.disabled ? 'true' : 'false' } : undefined;
        },
      },
    }),
  };
}

/**
 * The admin actions' slice: its routes are in the `admin` folder (admin-actions-routes.ts), and
 * the destructive routes of the Members, Dashboard, FAQs, Blog and Platforms tabs run through it.
 */
export const adminActionsSlice = defineSlice({
  name: 'admin-actions',
  context: (platform, built: Built) => adminActionsContext(platform, built),
  readModels: [adminActionsReadModel],
  aggregates: [
    {
      name: 'admin action',
      decider: adminActionDecider,
      countsAsActivity: false,
      history: [
        {
          type: 'AdminActionTaken',
          data: { actionId: 'a', takenAt: '2026-12-01T00:00:00.000Z', action: { kind: 'role-change', userId: 'u', from: 'free', to: 'pro' } },
        },
      ],
    },
  ],
  // An action on a member's account, or on a post they wrote, goes with them when they are erased.
  streamOwners: [
    {
      eventTypes: ['AdminActionTaken'],
      ownerOf(event) {
        const { action } = event.data as AdminActionTaken['data'];
        if (action.kind === 'reset-data' || action.kind === 'role-change' || action.kind === 'disable') return action.userId;
        if (action.kind === 'blog-post-deletion') return action.post.authorId;
        return undefined;
      },
    },
  ],
  // Who may call each of its operations (the role matrix: tests/reliability/role-matrix.int.spec.ts).
  callers: {
    listAdminActions: callers.admins,
    undoAdminAction: callers.admins,
  },
});
