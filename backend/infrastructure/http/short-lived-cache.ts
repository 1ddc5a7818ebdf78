/**
 * Answers kept in memory for a few seconds, dropped all at once when something announces a
 * change. `begin`/`set` guard against a lookup that started before a `clear` storing its
 * stale answer after it: `set` only stores when no clear happened since its `begin`.
 */
export class ShortLivedCache<V> {
  private entries = new Map<string, { value: V; until: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** How many answers are kept (expired ones included until looked up). */
  get size(): number {
    return this.entries.size;
  }

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** The generation to hand back to `set` with the answer of a lookup started now. */
  begin(): number {
    return this.generation;
  }

  set(key: string, value: V, generation: number, now: number): void {
    if (generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, until: now + this.ttlMs });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
