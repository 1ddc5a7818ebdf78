import type { Kysely, Transaction } from 'kysely';
import { comparePositions, type AllPosition, type RecordedEvent } from '../../application/ports/event-store';
import type { Database } from '../../application/ports/database';
import { applyInOrder, follows, MEMBER_ERASED, relevantTo } from './apply-events';
import type { Projection } from './projection';
import { CommittedRows, takeStagedRows, type TableWrite } from './rows-ahead';
import { advanceContiguous, startSeen } from './stream-versions';

/**
 * Appends whose member-facing read models were not all brought up to date in the append's own
 * transaction, with the projections that still have to reach them (the runner will). A
 * mutation's response waits only for these (`ProjectionRunner.waitFor`,
 * `CheckpointPollingProgress`): most appends leave nothing here and answer at once.
 * Per process: a request waits on the instance that made its appends.
 */
export class ReadModelsBehind {
  private entries: { position: AllPosition; projections: readonly string[] }[] = [];

  /** Entries kept at most (the oldest go first): a process that never waits must not grow. */
  static readonly LIMIT = 10_000;

  add(position: AllPosition, projections: readonly string[]): void {
    if (projections.length === 0) return;
    this.entries.push({ position, projections });
    if (this.entries.length > ReadModelsBehind.LIMIT) this.entries.splice(0, this.entries.length - ReadModelsBehind.LIMIT);
  }

  /** Whether no append at or before `position` waits for a projection (so nothing to look up). */
  noneUpTo(position: AllPosition): boolean {
    return this.entries.every((entry) => comparePositions(entry.position, position) > 0);
  }

  /**
   * Whether every entry at or before `position` has been reached, by the positions `reachedBy`
   * gives each projection; entries found reached are forgotten.
   */
  reached(position: AllPosition, reachedBy: (projection: string) => AllPosition): boolean {
    let all = true;
    this.entries = this.entries.filter((entry) => {
      const done = entry.projections.every((name) => comparePositions(reachedBy(name), entry.position) >= 0);
      if (!done && comparePositions(entry.position, position) <= 0) all = false;
      return !done;
    });
    return all;
  }
}

/**
 * What the event store asks of the projections inside an append's transaction (PostgreSQL):
 * `projectAppend` applies the appended events to every inline projection that follows them,
 * by the same code the runner and a rebuild use, so the events and those read models commit
 * together or not at all (a projection that throws rolls the append back).
 */
export interface AppendProjector {
  /** Whether an append of these event types needs its own transaction (an inline projection follows one of them). */
  concerns(types: readonly string[]): boolean;
  /**
   * Applies one append's events (one stream, consecutive versions) to the inline projections;
   * `typesBefore` lists the types of the stream's events before a version (read in the same
   * transaction). Answers the member-facing projections left to the runner.
   */
  projectAppend(
    trx: Transaction<Database>,
    events: readonly RecordedEvent[],
    typesBefore: (version: number) => Promise<string[]>,
  ): Promise<string[]>;
  /**
   * The inline projections' writes for an append of these events (one stream, consecutive
   * versions), worked out from the rows this process last saw committed (`rows-ahead.ts`), so
   * the append carries them in its own statement (`append_events_with_rows`), with the
   * projections that must be at the version before them; `committed` is called once it has
   * committed. Undefined when a projection that follows them cannot tell: the append then
   * takes its transaction (`projectAppend`).
   */
  rowsAhead(events: readonly RecordedEvent[]): { projections: string[]; writes: TableWrite[]; committed(): void } | undefined;
  /**
   * Reads, from `db`, the rows of the projections that follow these events and whose rows of
   * the stream this process does not know at the version before them, where the projection can
   * (`RowsAhead.load`). True when it read any: `rowsAhead` may then tell where it could not.
   */
  loadAhead(db: Kysely<Database>, events: readonly RecordedEvent[]): Promise<boolean>;
  /** After the transaction of `projectAppend` committed: the rows it left are the stream's now. */
  committed(trx: object, events: readonly RecordedEvent[]): void;
  /** The member-facing projections that follow these types but are not inline (answered without a transaction). */
  followersLeftBehind(types: readonly string[]): string[];
  /** Called after the append committed: what its response waits for. */
  leftBehind(position: AllPosition, projections: readonly string[]): void;
}

/** Streams whose rows a process remembers for each projection that works ahead (a plan's row is a few kB). */
const STREAMS_REMEMBERED = 10_000;

/**
 * The inline projections of `projections` (those marked `inline`), applied in the append's
 * transaction. For each one the row of `projection_stream_versions` says how far it has seen the
 * stream: the append applies its events only when that is exactly the version before them (or
 * the stream is new to it), moving the row in the same statement that locks it; otherwise
 * (right after a deploy, or after a rebuild swapped the tables in, until the runner has caught
 * up) the projection is left to the runner, which applies what it has not seen in global order,
 * and the response waits for it as before. Erasures are always applied (idempotent).
 */
export function inlineProjector(
  projections: readonly Projection[],
  behind: ReadModelsBehind,
  /** Gives an event in its current shape, as the store's reads do (`upcasting.ts`): the events appended are applied as the runner would read them. */
  currentShape: (event: RecordedEvent) => RecordedEvent = (event) => event,
): AppendProjector {
  const inline = [...projections].filter((p) => p.inline).sort((a, b) => a.name.localeCompare(b.name));
  const asynchronousMemberFacing = projections.filter((p) => !p.inline && p.memberFacing);
  const followersOf = (events: readonly RecordedEvent[]) => inline.filter((p) => events.some((e) => follows(p, e.type)));
  // The rows each projection that works ahead last saw committed, by stream.
  const committedRows = new Map(inline.filter((p) => p.ahead).map((p) => [p.name, new CommittedRows(STREAMS_REMEMBERED)]));
  /** After a commit that took `stream` from `first - 1` to `last`: what each projection's rows are now, where known. */
  function settle(stream: string, first: number, last: number, states: ReadonlyMap<string, unknown>, followers: readonly Projection[]) {
    for (const [name, rows] of committedRows) {
      if (states.has(name)) rows.set(stream, last, states.get(name));
      else if (followers.some((p) => p.name === name)) rows.forget(stream);
      else rows.pass(stream, first - 1, last);
    }
  }
  return {
    concerns: (types) => inline.some((p) => types.some((type) => follows(p, type))),

    async projectAppend(trx, appended, typesBefore) {
      const events = appended.map(currentShape);
      const left = this.followersLeftBehind(events.map((e) => e.type));
      const first = events[0].streamVersion;
      const last = events[events.length - 1].streamVersion;
      const erasures = events.every((e) => e.type === MEMBER_ERASED);
      const followers = followersOf(events);

      let current: Set<string>;
      if (erasures) {
        current = new Set(followers.map((p) => p.name));
      } else {
        // Projections that have seen the stream up to just before these events move on.
        current = await advanceContiguous(trx, events[0].streamName, first, last);
        const unseen = followers.filter((p) => !current.has(p.name));
        if (unseen.length > 0) {
          // New to them: fine when nothing they follow came before (always so for a new stream).
          const earlier = first === 0 ? [] : await typesBefore(first);
          const fresh = unseen.filter((p) => !earlier.some((type) => follows(p, type)));
          for (const name of await startSeen(trx, events[0].streamName, fresh.map((p) => p.name), last)) current.add(name);
        }
      }
      for (const projection of followers) {
        if (!current.has(projection.name)) {
          if (projection.memberFacing) left.push(projection.name);
          continue;
        }
        const relevant = relevantTo(projection, events);
        await applyInOrder(trx, projection, relevant);
        if (projection.announcesAtAppend) await projection.announce?.(trx, relevant);
      }
      return left;
    },

    rowsAhead(appended) {
      const events = appended.map(currentShape);
      if (events.some((e) => e.type === MEMBER_ERASED)) return undefined;
      const stream = events[0].streamName;
      const first = events[0].streamVersion;
      const last = events[events.length - 1].streamVersion;
      const followers = followersOf(events);
      const states = new Map<string, unknown>();
      const writes: TableWrite[] = [];
      for (const projection of followers) {
        const known = projection.ahead && (first === 0 ? { state: null } : committedRows.get(projection.name)!.at(stream, first - 1));
        const step = known && projection.ahead!.step(known.state, relevantTo(projection, events));
        if (!step) return undefined;
        states.set(projection.name, step.state);
        writes.push(...step.writes);
      }
      return { projections: followers.map((p) => p.name), writes, committed: () => settle(stream, first, last, states, followers) };
    },

    async loadAhead(db, appended) {
      const events = appended.map(currentShape);
      const stream = events[0].streamName;
      const first = events[0].streamVersion;
      if (first === 0 || events.some((e) => e.type === MEMBER_ERASED)) return false;
      const unknown = followersOf(events).filter((p) => p.ahead?.load && !committedRows.get(p.name)!.at(stream, first - 1));
      const loaded = await Promise.all(unknown.map((p) => p.ahead!.load!(db, p.name, stream)));
      let any = false;
      loaded.forEach((rows, i) => {
        if (!rows) return;
        committedRows.get(unknown[i].name)!.set(stream, rows.version, rows.state);
        any = true;
      });
      return any;
    },

    committed(trx, appended) {
      const events = appended.map(currentShape);
      const stream = events[0].streamName;
      const states = new Map<string, unknown>();
      for (const [name, byStream] of takeStagedRows(trx)) if (byStream.has(stream)) states.set(name, byStream.get(stream));
      settle(stream, events[0].streamVersion, events[events.length - 1].streamVersion, states, followersOf(events));
    },

    followersLeftBehind: (types) => asynchronousMemberFacing.filter((p) => types.some((type) => follows(p, type))).map((p) => p.name),

    leftBehind: (position, names) => behind.add(position, names),
  };
}
