import type { UserRow } from '../../projections/users/users-projection';
import { isMemberRole } from '../../domain/shared/actor';
import { ShortLivedCache } from './short-lived-cache';

/** How long a resolved session is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

/**
 * Resolved sessions kept in memory for a few seconds so a member's reads skip the session
 * query, keyed by the signed cookie as sent (a hit also skips checking its signature). Only a
 * cookie whose signature was checked and whose session was found is stored, so made-up cookies
 * never fill it: it holds at most one small entry per live session, and at most MAX_ENTRIES.
 * Entries belong to their member. Whatever ends a session or changes a member's row announces
 * it (NOTIFY, see `announceSessionsChanged`, naming the members or everyone) and every instance
 * drops those members' entries on hearing it; a mutation answered here drops its member's (a
 * staff's or visitor's: every entry), so the next read sees the member's own change.
 */
export class SessionCache extends ShortLivedCache<{ user: UserRow; token: string }> {
  constructor(ttlMs = SESSION_CACHE_TTL_MS) {
    super(ttlMs, { entries: MAX_ENTRIES });
  }
}

/**
 * After a mutation answered for `user`: a member's own write changes no one else's account or
 * reads, so only their entries go; a staff member's or a visitor's (a sign-in, a webhook) may
 * change anyone's, so every entry goes. One rule for the session and member-read caches.
 */
export function dropAfterMutation<V>(cache: ShortLivedCache<V>, user: UserRow | null): void {
  if (user && isMemberRole(user.role)) cache.clearOwner(user.id);
  else cache.clear();
}
