import type { Kysely } from 'kysely';
import { AggregateCache } from '../../application/event-sourcing/aggregate-cache';
import type { Database } from '../../application/ports/database';
import type { RecordedEvent } from '../../application/ports/event-store';

/**
 * One table's share of an append's writes, worked out in memory: rows upserted on the key
 * column, rows that exist updated in the columns they carry (the others left as they are),
 * keys deleted by it. Carried by the append's own statement (`append_events_with_rows`); an
 * `update` that finds a row missing makes the append go through its transaction instead.
 */
export interface TableWrite {
  table: string;
  key: string;
  upsert?: Record<string, unknown>[];
  update?: Record<string, unknown>[];
  delete?: string[];
}

/**
 * What an inline projection whose rows each follow one stream alone (the row's key names the
 * stream, and no other stream's event changes it) can tell ahead of the database: the rows one
 * append's events leave, from the rows the stream's earlier events left. Those are the same
 * rows whoever applied the earlier events (the append, the runner, a rebuild), so the state
 * this process last saw committed at the version before the append is as good as a read of the
 * table, provided the table is still at that version, which the append's statement checks
 * (`projection_stream_versions`).
 *
 * `State` is the projection's rows of one stream (null: none yet). Nothing here may depend on
 * the events' global positions, which are not known before the append.
 */
export interface RowsAhead<State = unknown> {
  /**
   * The rows after `events` (one stream's, consecutive, those the projection follows) and the
   * writes that take the tables there; undefined when the events need more than row writes
   * (the append then takes its transaction and `applyBatch` as usual). Pure.
   */
  step(state: State | null, events: readonly RecordedEvent[]): { state: State | null; writes: TableWrite[] } | undefined;
  /**
   * The stream's rows as the tables hold them, with the version `projection` has seen of the
   * stream (`projection_stream_versions`), read in one statement so the two agree; undefined
   * when the projection has no version for the stream (or the stream is not one it keeps rows
   * of). For a stream this process has not seen the projection at (a restart, another process's
   * writes, events the projection does not follow): one read, then the append carries its rows
   * ahead rather than taking its transaction. The append's statement checks the version still
   * holds, as for any state kept here.
   */
  load?(db: Kysely<Database>, projection: string, stream: string): Promise<{ version: number; state: State | null } | undefined>;
}

/**
 * The rows `applyBatch` left for each stream in a transaction, by projection: the append takes
 * them as the stream's once that transaction has committed (`AppendProjector.committed`).
 * Keyed by the transaction object, so a transaction that rolled back, or one of the runner's,
 * leaves nothing behind once it is gone.
 */
const staged = new WeakMap<object, Map<string, Map<string, unknown>>>();

/** Called by a projection's `applyBatch`: after this transaction, `stream`'s rows in the projection are `state`. */
export function stageRows(trx: object, projection: string, stream: string, state: unknown): void {
  let byProjection = staged.get(trx);
  if (!byProjection) staged.set(trx, (byProjection = new Map()));
  let byStream = byProjection.get(projection);
  if (!byStream) byProjection.set(projection, (byStream = new Map()));
  byStream.set(stream, state);
}

/** The rows staged in `trx` (and forgets them). */
export function takeStagedRows(trx: object): Map<string, Map<string, unknown>> {
  const rows = staged.get(trx) ?? new Map<string, Map<string, unknown>>();
  staged.delete(trx);
  return rows;
}

/**
 * Each stream's rows in one projection as this process last saw them committed, with the
 * stream version they stand at (the version the projection has seen of the stream): the
 * aggregates' cache, bounded the same way, which also keeps a later version over an earlier one
 * when two appends commit in the other order.
 */
export class CommittedRows extends AggregateCache<unknown> {
  /** The stream's rows at exactly `version`, if this process knows them. */
  at(stream: string, version: number): { state: unknown } | undefined {
    const entry = this.get(stream);
    return entry?.version === version ? entry : undefined;
  }

  /** Events the projection does not follow took the stream from `from` to `to`: its rows stay as they were. */
  pass(stream: string, from: number, to: number): void {
    const entry = this.get(stream);
    if (entry?.version === from) this.set(stream, to, entry.state);
    else if (entry) this.forget(stream);
  }
}
