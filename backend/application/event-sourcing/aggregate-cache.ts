/**
 * The last state a process folded of each stream, with the version it was folded to (and the id
 * of the event there), so the next command on the stream decides without reading and folding
 * its history again. Never trusted blindly: the append that follows a decision expects exactly
 * that version, so when another writer (or another process) moved the stream on, the append is
 * refused and `handleCommand` folds what came after that version (after checking the event
 * there is still the one folded); a refusal or a no-op decided on it stands only once the stream
 * has been read from that version and nothing came after it. Only for streams whose names are
 * never reused once deleted (a plan's id is new for every plan): a stream deleted and written
 * again up to the same version would pass the append's check with an old state.
 * Bounded: the least recently used streams go first.
 */
export class AggregateCache<State> {
  private readonly entries = new Map<string, { version: number; state: State; eventId?: string }>();

  constructor(private readonly maxStreams = 10_000) {}

  get(stream: string): { version: number; state: State; eventId?: string } | undefined {
    const entry = this.entries.get(stream);
    if (entry) {
      this.entries.delete(stream);
      this.entries.set(stream, entry);
    }
    return entry;
  }

  /**
   * Keeps `state` as the stream's at `version` (`eventId`: the event there, when known), unless a
   * later version is kept already (commands finish in any order).
   */
  set(stream: string, version: number, state: State, eventId?: string): void {
    const kept = this.entries.get(stream);
    if (kept && kept.version > version) return;
    this.entries.delete(stream);
    this.entries.set(stream, { version, state, eventId });
    if (this.entries.size > this.maxStreams) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(stream: string): void {
    this.entries.delete(stream);
  }
}
