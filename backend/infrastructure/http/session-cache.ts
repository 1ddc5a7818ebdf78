import type { UserRow } from '../../projections/users/users-projection';

/** How long a resolved session is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

/**
 * Resolved sessions kept in memory for a few seconds so a member's reads skip the session
 * query. Whatever ends a session announces it (NOTIFY, see `announceSessionsChanged`) and
 * every instance clears its cache on hearing it; a mutation answered here clears it too, so
 * the next read sees the member's own change. `generation` guards against a lookup that
 * started before a clear storing its stale answer after it.
 */
export class SessionCache {
  private entries = new Map<string, { user: UserRow; until: number }>();
  private generation = 0;

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  get(token: string, now: number): UserRow | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.user;
  }

  /** The generation to hand back to `set` with the answer of a lookup started now. */
  begin(): number {
    return this.generation;
  }

  set(token: string, user: UserRow, generation: number, now: number): void {
    if (generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(token, { user, until: now + this.ttlMs });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
