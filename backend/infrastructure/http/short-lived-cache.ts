export interface CacheLimits {
  /** Most answers kept. */
  entries: number;
  /** Most bytes kept in all, as counted by the callers of `set` (default: no bound). */
  bytes?: number;
  /** Most bytes the answers of one owner may hold (default: no bound), so one owner cannot push everyone else out. */
  bytesPerOwner?: number;
}

type Entry<V> = { value: V; until: number; owner: string; bytes: number };

/**
 * Answers kept in memory for a few seconds, dropped all at once when something announces a
 * change. `begin`/`set` guard against a lookup that started before a `clear` storing its
 * stale answer after it: `set` only stores when no clear happened since its `begin`.
 *
 * Bounded by count, by bytes and by bytes per owner: storing an answer first drops the expired
 * ones, then the owner's oldest while the owner is over its share, then the oldest of anyone's
 * while the cache is over its limits. Every answer lives as long (`ttlMs`) and a stored key
 * moves to the end, so the oldest answer is the first of the map and expired ones lead it.
 */
export class ShortLivedCache<V> {
  private entries = new Map<string, Entry<V>>();
  /** Each owner's bytes and keys, oldest first. */
  private owners = new Map<string, { bytes: number; keys: Set<string> }>();
  private totalBytes = 0;
  /** Moves at every clear, whole or of one owner: a lookup's `begin` takes its value. */
  private generation = 0;
  /** The generation of the last whole clear. */
  private clearedAll = 0;
  /** The generation of each owner's last clear (pruned: see `clearOwner`). */
  private clearedOwners = new Map<string, number>();
  private readonly maxBytes: number;
  private readonly maxBytesPerOwner: number;

  constructor(
    private readonly ttlMs: number,
    private readonly limits: CacheLimits,
  ) {
    this.maxBytes = limits.bytes ?? Infinity;
    this.maxBytesPerOwner = Math.min(limits.bytesPerOwner ?? Infinity, this.maxBytes);
  }

  /** How many answers are kept. */
  get size(): number {
    return this.entries.size;
  }

  /** The bytes of the answers kept, as counted by `set`. */
  get bytes(): number {
    return this.totalBytes;
  }

  /** The bytes of one owner's answers. */
  bytesOf(owner: string): number {
    return this.owners.get(owner)?.bytes ?? 0;
  }

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.remove(key, entry);
      return undefined;
    }
    return entry.value;
  }

  /** The generation to hand back to `set` with the answer of a lookup started now. */
  begin(): number {
    return this.generation;
  }

  /**
   * Keeps `value` (about `bytes` of memory, counted against `owner`) unless the whole cache or
   * the owner's answers were cleared since `generation`'s `begin`.
   */
  set(key: string, value: V, generation: number, now: number, owner = '', bytes = 0): void {
    if (generation < this.clearedAll || generation < (this.clearedOwners.get(owner) ?? 0) || bytes > this.maxBytesPerOwner) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.dropExpired(now);
    const mine = this.owners.get(owner) ?? { bytes: 0, keys: new Set<string>() };
    for (const oldest of mine.keys) {
      if (mine.bytes + bytes <= this.maxBytesPerOwner) break;
      this.remove(oldest, this.entries.get(oldest)!);
    }
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size < this.limits.entries && this.totalBytes + bytes <= this.maxBytes) break;
      this.remove(oldest, entry);
    }
    this.entries.set(key, { value, until: now + this.ttlMs, owner, bytes });
    mine.keys.add(key);
    mine.bytes += bytes;
    this.owners.set(owner, mine);
    this.totalBytes += bytes;
  }

  clear(): void {
    this.generation += 1;
    this.clearedAll = this.generation;
    this.clearedOwners.clear();
    this.entries.clear();
    this.owners.clear();
    this.totalBytes = 0;
  }

  /** Most owners whose last clear is remembered; past it the oldest counts as a whole clear. */
  static readonly OWNER_CLEARS_KEPT = 10_000;

  /**
   * Drops one owner's answers; a lookup of theirs begun before never stores its answer. Others'
   * answers stay. Owners cleared long ago are forgotten, the oldest first, each forgotten one
   * counting as a whole clear for lookups begun before it (they store nothing, as after `clear`).
   */
  clearOwner(owner: string): void {
    this.generation += 1;
    this.clearedOwners.delete(owner);
    this.clearedOwners.set(owner, this.generation);
    for (const [oldest, at] of this.clearedOwners) {
      if (this.clearedOwners.size <= ShortLivedCache.OWNER_CLEARS_KEPT) break;
      this.clearedOwners.delete(oldest);
      this.clearedAll = Math.max(this.clearedAll, at);
    }
    const mine = this.owners.get(owner);
    if (mine) for (const key of [...mine.keys]) this.remove(key, this.entries.get(key)!);
  }

  private dropExpired(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.until > now) return;
      this.remove(key, entry);
    }
  }

  private remove(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
    const owner = this.owners.get(entry.owner)!;
    owner.keys.delete(key);
    owner.bytes -= entry.bytes;
    if (owner.keys.size === 0) this.owners.delete(entry.owner);
  }
}
