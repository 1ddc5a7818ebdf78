import { createContentCleanup } from '../../application/admin/content-cleanup';
import { pageIdeaSetIds } from '../../projections/idea-sets/idea-sets-projection';
import { pagePlanIds } from '../../projections/plans/plans-projection';
import type { CreditsContext } from './credits';
import type { Platform } from './platform';
import { defineSlice } from '../slices/slice';
import { callers } from '../slices/callers';

/** Admin content: deleting members' idea sets and plans as events (a member's reset, the cleanup of all). */
export function adminContentContext(platform: Platform, { credits }: Pick<CreditsContext, 'credits'>) {
  const { database, eventStore, ids, clock, progress } = platform;
  const db = database.db;
  return {
    contentCleanup: createContentCleanup({
      eventStore,
      ids,
      clock,
      progress,
      credits,
      reads: { ideaSets: (page) => pageIdeaSetIds(db, page), plans: (page) => pagePlanIds(db, page) },
    }),
  };
}

/** Admin content's slice: deleting members' idea sets and plans. */
export const adminContentSlice = defineSlice({
  name: 'admin-content',
  context: (platform, built: Pick<CreditsContext, 'credits'>) => adminContentContext(platform, built),
  // Who may call each of its operations (the role matrix: tests/reliability/role-matrix.int.spec.ts).
  callers: {
    resetUserData: callers.admins,
    cleanupUserContent: callers.admins,
  },
});
