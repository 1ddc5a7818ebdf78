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
  private generation = 0;
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

  /** Keeps `value` (about `bytes` of memory, counted against `owner`) unless a clear happened since `generation`'s `begin`. */
  set(key: string, value: V, generation: number, now: number, owner = '', bytes = 0): void {
    if (generation !== this.generation || bytes > this.maxBytesPerOwner) return;
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
    this.entries.clear();
    this.owners.clear();
    this.totalBytes = 0;
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
