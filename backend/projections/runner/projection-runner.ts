import { EventEmitter } from 'node:events';
import { sql, type Kysely, type Transaction } from 'kysely';
import { comparePositions, startOfAll, type AllPosition, type EventStore, type RecordedEvent } from '../../application/ports/event-store';
import type { Database } from '../../application/ports/database';
import { markReplaying } from './replay-transactions';
import { applyInOrder, applyUnseen, noteSeen, relevantTo } from './apply-events';
import { lockCheckpoint, lockCheckpoints, readAllCheckpoints, readCheckpoint, writeCheckpoint, writeCheckpoints } from './checkpoints';
import type { ReadModelsBehind } from './inline-projections';
import type { Projection } from './projection';
import { soleRunnerLeases, type ProjectionLeases } from './projection-leases';
import { saveSeenVersions, STREAM_VERSIONS_TABLE } from './stream-versions';
import { Lanes, replayConcurrently } from './concurrent-replay';

export interface RunnerLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ProjectionRunnerOptions {
  batchSize?: number;
  /** How long an idle runner waits for a notification before looking again. */
  idlePollMs?: number;
  /**
   * Who may feed each projection across processes (one active runner per projection); by
   * default this runner is the only one (the embedded database, tests, the CLI).
   */
  leases?: ProjectionLeases;
  /** How often a runner without a projection's lease tries to take it over. */
  standbyPollMs?: number;
  /**
   * The appends of this process whose member-facing read models were not all applied in their
   * own transaction (the event store's inline projections): `waitFor` waits for those only.
   * Without it (no inline projections: EventStoreDB, tests), `waitFor` waits for every
   * member-facing projection to reach the position.
   */
  behind?: ReadModelsBehind;
  /**
   * A rebuild's transactions at once (`replayConcurrently`); keep it below the pool's size, which
   * also serves the log's reads and the live requests. Default 3.
   */
  rebuildConcurrency?: number;
  /** Events a rebuild reads at once and applies in one transaction per projection. Default 5,000. */
  rebuildBatchSize?: number;
}

/** Where `rebuild` builds a projection's tables before they replace the live ones. */
const SHADOW_SCHEMA = 'projection_rebuild';

/**
 * NOTIFY channel told when a projection serving members has applied events (delivered at the
 * batch's commit): every server instance drops the member reads it keeps in memory.
 */
export const READ_MODELS_CHANGED_CHANNEL = 'skilly_read_models_changed';

/** Inside a transaction the NOTIFY is delivered when it commits. */
async function announceReadModelsChanged(trx: Kysely<Database>): Promise<void> {
  await sql`select pg_notify(${READ_MODELS_CHANGED_CHANNEL}, '')`.execute(trx);
}

/** Times the phases of a piece of work one after another: `done(name)` ends one and starts the next (whole ms). */
function phaseClock() {
  const phases: Record<string, number> = {};
  let from = performance.now();
  return {
    phases,
    done(name: string) {
      const now = performance.now();
      phases[name] = Math.round(now - from);
      from = now;
    },
  };
}

/** The outcome of one batch: how many events were read, and whether another runner got there first. */
type BatchResult = { read: number; lostRace: boolean };

/**
 * Applies a batch of the log to projections in one transaction: the inline ones only what the
 * appends' own transactions have not applied already (`applyUnseen`, one lookup for all), every
 * other one each event it follows.
 */
async function applyBatchTo(trx: Transaction<Database>, projections: readonly Projection[], events: readonly RecordedEvent[]): Promise<void> {
  await applyUnseen(trx, projections.filter((p) => p.inline), events);
  for (const projection of projections) if (!projection.inline) await applyInOrder(trx, projection, relevantTo(projection, events));
}

/**
 * Inside a batch's transaction, tells other processes of what it changed (delivered at its
 * commit): one NOTIFY when a member-facing projection saw a relevant event (also when the
 * appends applied it inline before: other instances hear of the change here), and each
 * projection's own `announce`.
 */
async function announceChanges(trx: Transaction<Database>, projections: readonly Projection[], events: readonly RecordedEvent[]): Promise<void> {
  const changed = projections.map((p) => ({ projection: p, relevant: relevantTo(p, events) })).filter((c) => c.relevant.length > 0);
  if (changed.some((c) => c.projection.memberFacing)) await announceReadModelsChanged(trx);
  for (const { projection, relevant } of changed) await projection.announce?.(trx, relevant);
}

/** What one pass over the projections did: events read in all, and whether more is readable now. */
type PassResult = { read: number; more: boolean };

const positionKey = (position: AllPosition) => `${position.commit}:${position.prepare}`;

/** The tables of the shadow schema: a rebuild's copies, or what a rebuild that died left there. */
async function shadowTables(db: Kysely<Database> | Transaction<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = ${SHADOW_SCHEMA} order by tablename`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Puts the shadow copy of `table` in place of the live one: the live table is dropped and the
 * shadow moved into its schema, its indexes (and so their constraints) renamed to the live
 * ones' names (`like … including all` named them afresh), so later migrations find them.
 * Readers of the table wait for the swap's commit rather than see it change.
 */
async function swapIn(trx: Transaction<Database>, table: string): Promise<void> {
  // Indexes matched by uniqueness and definition after "USING" (names and schemas differ).
  const indexes = (schema: string) => sql<{ name: string; shape: string }>`
    select c.relname as name, i.indisunique || substring(pg_get_indexdef(i.indexrelid) from ' USING .*$') as shape
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = (quote_ident(${schema}) || '.' || quote_ident(${table}))::regclass
    order by c.relname`.execute(trx);
  const { rows: [{ schema }] } = await sql<{ schema: string }>`select current_schema() as schema`.execute(trx);
  const { rows: live } = await indexes(schema);
  const { rows: rebuilt } = await indexes(SHADOW_SCHEMA);
  await sql`drop table ${sql.table(`${schema}.${table}`)}`.execute(trx);
  for (const index of rebuilt) {
    const at = live.findIndex((l) => l.shape === index.shape);
    if (at < 0) throw new Error(`rebuild of ${table}: the shadow index ${index.name} matches no live index`);
    const [{ name }] = live.splice(at, 1);
    if (name !== index.name) await sql`alter index ${sql.table(`${SHADOW_SCHEMA}.${index.name}`)} rename to ${sql.id(name)}`.execute(trx);
  }
  await sql`alter table ${sql.table(`${SHADOW_SCHEMA}.${table}`)} set schema ${sql.id(schema)}`.execute(trx);
}

/**
 * Feeds projections from the event store's global order, each at its own checkpoint.
 * A batch is applied in one transaction that first locks the checkpoint row and checks it
 * is still where the events were read from: a crash mid-batch rolls the whole batch back,
 * and two runners can never both apply the same events.
 */
export class ProjectionRunner {
  private readonly progress = new EventEmitter();
  private readonly positions = new Map<string, AllPosition>();
  /**
   * Where a pass reads each projection's next batch from: its checkpoint row as last read or
   * written here. Never trusted blindly (each batch's transaction checks the row it locks, and a
   * row found elsewhere is taken from there), so a pass does not read the checkpoints again.
   */
  private readonly passFrom = new Map<string, AllPosition>();
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly sleepers = new Set<() => void>();
  private lastNotifyAt = 0;
  /** Appends heard of so far: a pass that began before the latest one looks again rather than sleeping. */
  private notifications = 0;
  /** Projections whose last batch failed, and when they may be tried again. */
  private readonly failing = new Map<string, { failures: number; retryAt: number }>();
  /** When this runner last tried to take each lease it does not hold. */
  private readonly leaseTriedAt = new Map<string, number>();
  private unsubscribe: (() => Promise<void>) | undefined;
  private readonly batchSize: number;
  private readonly rebuildConcurrency: number;
  private readonly rebuildBatchSize: number;
  private readonly idlePollMs: number;
  private readonly leases: ProjectionLeases;
  private readonly standbyPollMs: number;
  /** Reads of the log in flight, by position: projections woken together at one checkpoint share one read. */
  private readonly reads = new Map<string, Promise<RecordedEvent[]>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly eventStore: EventStore,
    readonly projections: readonly Projection[],
    private readonly logger: RunnerLogger,
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.rebuildConcurrency = options.rebuildConcurrency ?? 3;
    this.rebuildBatchSize = options.rebuildBatchSize ?? 5_000;
    this.idlePollMs = options.idlePollMs ?? 250;
    this.leases = options.leases ?? soleRunnerLeases;
    this.standbyPollMs = options.standbyPollMs ?? 500;
    this.progress.setMaxListeners(0);
  }

  projection(name: string): Projection {
    const found = this.projections.find((p) => p.name === name);
    if (!found) throw new Error(`Unknown projection "${name}". Known: ${this.projections.map((p) => p.name).join(', ')}`);
    return found;
  }

  /** Applies one batch to one projection. Exposed for tests and the CLI. */
  async runBatch(projection: Projection): Promise<BatchResult> {
    const from = await readCheckpoint(this.db, projection.name);
    this.passFrom.delete(projection.name);
    const events = await this.readAfter(from);
    if (events.length === 0) {
      this.record(projection.name, from);
      return { read: 0, lostRace: false };
    }
    const last = events[events.length - 1].position;
    const applied = await this.db.transaction().execute(async (trx) => {
      const locked = await lockCheckpoint(trx, projection.name);
      if (comparePositions(locked, from) !== 0) return false;
      await applyBatchTo(trx, [projection], events);
      await announceChanges(trx, [projection], events);
      await writeCheckpoint(trx, projection.name, last);
      return true;
    });
    if (applied) this.record(projection.name, last);
    return { read: events.length, lostRace: !applied };
  }

  /**
   * One pass over `projections` as the live runner makes it: they are grouped by checkpoint
   * (all at one position but right after a start, a rebuild or a failed batch), and each group's
   * next batch is read once and applied to every projection of the group in one transaction,
   * which locks their checkpoint rows (one statement), checks each is still where the events were
   * read from (a projection another runner moved meanwhile sits this batch out), and moves them
   * (one statement). So a batch costs a handful of statements whatever the number of
   * projections, not a handful each. A group whose transaction fails is retried projection by
   * projection (`runBatch`), so one failing projection holds up only itself: `onFailure` hears
   * of it (without it, the error is thrown).
   */
  async runPass(projections: readonly Projection[], onFailure?: (projection: Projection, error: unknown) => void): Promise<PassResult> {
    if (projections.length === 0) return { read: 0, more: false };
    if (projections.some((p) => !this.passFrom.has(p.name))) {
      const checkpoints = await readAllCheckpoints(this.db);
      for (const p of projections) if (!this.passFrom.has(p.name)) this.passFrom.set(p.name, checkpoints.get(p.name) ?? startOfAll);
    }
    const groups = new Map<string, { from: AllPosition; members: Projection[] }>();
    for (const projection of projections) {
      const from = this.passFrom.get(projection.name)!;
      const group = groups.get(positionKey(from)) ?? { from, members: [] };
      group.members.push(projection);
      groups.set(positionKey(from), group);
    }
    let read = 0;
    let more = false;
    for (const { from, members } of groups.values()) {
      const events = await this.readAfter(from);
      if (events.length === 0) {
        for (const projection of members) this.record(projection.name, from);
        continue;
      }
      read += events.length;
      if (events.length >= this.batchSize) more = true;
      const last = events[events.length - 1].position;
      try {
        const { here, locked } = await this.db.transaction().execute(async (trx) => {
          const locked = await lockCheckpoints(trx, members.map((p) => p.name));
          const here = members.filter((p) => comparePositions(locked.get(p.name) ?? startOfAll, from) === 0);
          await applyBatchTo(trx, here, events);
          await announceChanges(trx, here, events);
          await writeCheckpoints(trx, here.map((p) => p.name), last);
          return { here, locked };
        });
        // Moved by another runner meanwhile: the next pass reads from where its row is.
        for (const projection of members) this.passFrom.set(projection.name, locked.get(projection.name) ?? startOfAll);
        for (const projection of here) {
          this.passFrom.set(projection.name, last);
          this.record(projection.name, last);
        }
        if (here.length < members.length) more = true;
      } catch (error) {
        for (const projection of members) this.passFrom.delete(projection.name);
        if (!onFailure) throw error;
        for (const projection of members) {
          try {
            const { lostRace } = await this.runBatch(projection);
            if (lostRace) more = true;
          } catch (failure) {
            onFailure(projection, failure);
          }
        }
      }
    }
    return { read, more };
  }

  /**
   * The next batch of the log after `after`. A read already in flight from the same position is
   * joined rather than repeated (its answer is what a read started a moment earlier sees; the
   * checkpoint lock still decides what is applied); a read started after it ends reads afresh.
   */
  private readAfter(after: AllPosition): Promise<RecordedEvent[]> {
    const key = `${after.commit}:${after.prepare}`;
    let read = this.reads.get(key);
    if (!read) {
      read = this.eventStore.readAll({ after, limit: this.batchSize }).finally(() => this.reads.delete(key));
      this.reads.set(key, read);
    }
    return read;
  }

  /** Applies batches until the projection has read everything currently readable. */
  async catchUp(projection: Projection): Promise<number> {
    let total = 0;
    for (;;) {
      const { read, lostRace } = await this.runBatch(projection);
      total += lostRace ? 0 : read;
      if (read < this.batchSize && !lostRace) return total;
    }
  }

  /**
   * Every projection caught up with every event committed before the call (once the log can
   * deliver them: `committedReadable`), in passes (`runPass`).
   */
  async catchUpAll(): Promise<void> {
    await this.eventStore.committedReadable();
    while ((await this.runPass(this.projections)).more);
  }

  /**
   * Rebuilds a projection from zero without readers ever seeing it half-built: every event is
   * replayed into shadow copies of its tables (schema `projection_rebuild`, same columns,
   * defaults, constraints and indexes) while the live tables keep serving and following new
   * events; then one short transaction locks the checkpoint, puts the shadow tables in place of
   * the live ones and moves the checkpoint to where the replay ended. Readers see the old model
   * until that commit (or wait for it, a moment) and the complete new one after it; the runner
   * then catches up the rest.
   * A projection without tables of its own is simply replayed from zero.
   */
  async rebuild(projection: Projection): Promise<number> {
    return this.rebuildAll([projection]);
  }

  /**
   * Rebuilds several projections (by default every one) as `rebuild` does each, with one read of
   * the event log (batches of `rebuildBatchSize`): each projection applies each batch it has
   * events in to its shadow tables in a transaction of its own, several projections at once
   * (`replayConcurrently`), and one transaction swaps all of them in and moves all their checkpoints.
   * A projection without tables of its own (it acts on tables it does not own, idempotently) is
   * replayed in the same pass, on the live tables. Answers the events replayed plus those caught
   * up afterwards.
   */
  async rebuildAll(projections: readonly Projection[] = this.projections): Promise<number> {
    const phase = phaseClock();
    const sorted = [...projections].sort((a, b) => a.name.localeCompare(b.name));
    const inline = sorted.filter((p) => p.inline).map((p) => p.name);
    // An inline projection's seen versions are rebuilt beside its tables (a shadow copy of the
    // shared table: swapped in whole when it holds no other projection's rows, else by its rows).
    const tables = [...sorted.flatMap((p) => p.tables), ...(inline.length ? [STREAM_VERSIONS_TABLE] : [])];
    const ownTables = tables.filter((table) => table !== STREAM_VERSIONS_TABLE);
    const shadow = (table: string) => sql.table(`${SHADOW_SCHEMA}.${table}`);
    if (tables.length > 0) {
      await this.db.transaction().execute(async (trx) => {
        await sql`create schema if not exists ${sql.id(SHADOW_SCHEMA)}`.execute(trx);
        // Whatever a rebuild that died left (of these projections or any other): whole read models, members' rows included.
        for (const table of await shadowTables(trx)) await sql`drop table if exists ${shadow(table)}`.execute(trx);
        for (const table of tables) {
          // Unlogged: the replay writes no WAL (a crash empties an unlogged table, and a rebuild
          // that died starts again anyway); the tables are made durable once, before the swap.
          await sql`create unlogged table ${shadow(table)} (like ${sql.table(table)} including all)`.execute(trx);
        }
      });
    }

    // A replay from zero applies every event an inline projection follows (none can have been
    // seen before it in its own stream's order), so the versions it sees are kept here and
    // written once after the replay, not looked up and upserted batch by batch.
    const seenInReplay = new Map(sorted.filter((p) => p.inline).map((p) => [p.name, new Map<string, number>()]));
    const inShadow = (trx: Transaction<Database>) =>
      // Unqualified table names now resolve to the shadow tables first (the live ones otherwise).
      sql`select set_config('search_path', ${SHADOW_SCHEMA} || ', ' || quote_ident(current_schema()), true)`.execute(trx);
    // Where the replay's time goes: reading the log, and each projection's transactions (its
    // chain: a projection busy for nearly the whole replay is what sets its pace).
    const timings = { readMs: 0, projectionMs: Object.fromEntries(sorted.map((p) => [p.name, 0])) };
    const timed = async <T>(work: () => Promise<T>, add: (ms: number) => void): Promise<T> => {
      const start = performance.now();
      try {
        return await work();
      } finally {
        add(performance.now() - start);
      }
    };
    phase.done('shadowTablesMs');
    const replay = await replayConcurrently({
      projections: sorted,
      read: (after) => timed(() => this.eventStore.readAll({ after, limit: this.rebuildBatchSize }), (ms) => (timings.readMs += ms)),
      concurrency: this.rebuildConcurrency,
      apply: async (projection, events) => {
        const relevant = relevantTo(projection, events);
        if (relevant.length > 0) {
          await timed(
            () =>
              this.db.transaction().execute(async (trx) => {
                await inShadow(trx);
                markReplaying(trx);
                await applyInOrder(trx, projection, relevant);
              }),
            (ms) => (timings.projectionMs[projection.name] += ms),
          );
        }
        const seen = seenInReplay.get(projection.name);
        if (seen) noteSeen(seen, projection, events);
      },
    });
    phase.done('replayMs');
    let replayed = replay.replayed;
    const position = replay.position;
    const lanes = new Lanes(this.rebuildConcurrency);
    await Promise.all(
      [...seenInReplay].flatMap(([name, seen]) => {
        const entries = [...seen];
        return Array.from({ length: Math.ceil(entries.length / 10_000) }, (_, chunk) =>
          lanes.run(() =>
            this.db.transaction().execute(async (trx) => {
              await inShadow(trx);
              await saveSeenVersions(trx, new Map([[name, new Map(entries.slice(chunk * 10_000, (chunk + 1) * 10_000))]]));
            }),
          ),
        );
      }),
    );
    phase.done('seenVersionsMs');
    // Made durable in bulk (a rewrite of each table and a build of its indexes, written to the
    // WAL as whole pages) before the live tables are touched, so the swap itself is short. (Saving
    // the seen versions meanwhile, largest tables first, gained nothing: 27.2 s for both against
    // 6.8 + 18.8 s one after the other, at 1M events; they wait on the same two cores.)
    await Promise.all(tables.map((table) => lanes.run(() => sql`alter table ${shadow(table)} set logged`.execute(this.db))));
    phase.done('durableMs');
    await this.db.transaction().execute(async (trx) => {
      await lockCheckpoints(trx, sorted.map((p) => p.name));
      if (inline.length) {
        // No append applies an inline projection until this commits: each takes the seen
        // versions first, so none is left holding the tables dropped below, and none writes a
        // version for tables it is about to lose.
        await sql`lock table ${sql.table(STREAM_VERSIONS_TABLE)} in access exclusive mode`.execute(trx);
        const others = await sql`
          select 1 from ${sql.table(STREAM_VERSIONS_TABLE)} where projection <> all(${inline}::text[]) limit 1`.execute(trx);
        if (others.rows.length === 0) {
          // Every inline projection was rebuilt (the usual `rebuild all`): the copy takes the table's place whole.
          await swapIn(trx, STREAM_VERSIONS_TABLE);
        } else {
          await sql`delete from ${sql.table(STREAM_VERSIONS_TABLE)} where projection = any(${inline}::text[])`.execute(trx);
          await sql`
            insert into ${sql.table(STREAM_VERSIONS_TABLE)} select * from ${shadow(STREAM_VERSIONS_TABLE)}
            where projection = any(${inline}::text[])`.execute(trx);
          await sql`drop table ${shadow(STREAM_VERSIONS_TABLE)}`.execute(trx);
        }
      }
      for (const table of ownTables) await swapIn(trx, table);
      if (sorted.some((p) => p.memberFacing)) await announceReadModelsChanged(trx);
      for (const projection of sorted) await projection.announce?.(trx);
      for (const projection of sorted) await writeCheckpoint(trx, projection.name, position);
    });
    phase.done('swapMs');
    for (const projection of sorted) {
      this.positions.set(projection.name, position);
      this.passFrom.delete(projection.name);
    }
    // Every row was replaced: fresh planner statistics, so the first reads after a rebuild (an
    // admin's backfill, a deploy's rebuild) use the indexes rather than waiting for autovacuum.
    await Promise.all(tables.map((table) => lanes.run(() => sql`analyze ${sql.table(table)}`.execute(this.db))));
    phase.done('analyzeMs');
    for (const projection of sorted) replayed += await this.catchUp(projection);
    phase.done('catchUpMs');
    const round = (ms: number) => Math.round(ms);
    this.logger.info(
      {
        projections: sorted.map((p) => p.name),
        replayed,
        phases: phase.phases,
        seenVersions: [...seenInReplay.values()].reduce((sum, seen) => sum + seen.size, 0),
        readMs: round(timings.readMs),
        projectionMs: Object.fromEntries(Object.entries(timings.projectionMs).map(([name, ms]) => [name, round(ms)])),
      },
      'rebuild done: where its time went',
    );
    return replayed;
  }

  /**
   * Drops every table of the shadow schema: a rebuild killed midway leaves whole copies of read
   * models there (members' rows included), which nothing reads or erases. Done before each
   * rebuild and when the runner starts. A rebuild running in another process at that moment
   * fails (its shadow tables are gone) before it swaps anything in, and can be run again.
   */
  async dropLeftoverShadowTables(): Promise<string[]> {
    const tables = await shadowTables(this.db);
    for (const table of tables) await sql`drop table if exists ${sql.table(`${SHADOW_SCHEMA}.${table}`)}`.execute(this.db);
    if (tables.length) this.logger.info({ tables }, 'dropped the shadow tables a rebuild that died left');
    return tables;
  }

  /**
   * Erases a member from the shadow tables (account erasure): a rebuild running now keeps no row
   * of theirs it copied before their streams were deleted, and a leftover no copy of them. Each
   * projection that keeps members' rows erases in its shadow tables as it does in its live ones
   * (the shadow schema first on the search path; a table without a shadow copy is the live one,
   * where erasing again changes nothing).
   */
  async eraseMemberFromShadowTables(userId: string): Promise<void> {
    const present = new Set(await shadowTables(this.db));
    for (const projection of this.projections) {
      if (!projection.erase || !projection.tables.some((table) => present.has(table))) continue;
      await this.db.transaction().execute(async (trx) => {
        await sql`select set_config('search_path', ${SHADOW_SCHEMA} || ', ' || quote_ident(current_schema()), true)`.execute(trx);
        await projection.erase!(trx, userId);
      });
    }
  }

  /** Drops the shadow tables a rebuild that died left, catches up, then follows new events live until stop(). */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.dropLeftoverShadowTables();
    this.unsubscribe = await this.eventStore.onAppended(() => {
      this.lastNotifyAt = Date.now();
      this.notifications += 1;
      this.wakeAll();
    });
    for (const [name, position] of await readAllCheckpoints(this.db)) this.positions.set(name, position);
    this.loops = [this.follow()];
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeAll();
    await Promise.all(this.loops);
    this.loops = [];
    await this.leases.releaseAll().catch(() => {});
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /** Resolves true once every member-facing projection has reached `position`, false after `timeoutMs`. */
  waitFor(position: AllPosition, timeoutMs: number): Promise<boolean> {
    const targets = this.projections.filter((p) => p.memberFacing).map((p) => p.name);
    const at = (name: string) => this.positions.get(name) ?? startOfAll;
    const { behind } = this.options;
    const reached = behind
      ? () => behind.reached(position, at)
      : () => targets.every((name) => comparePositions(at(name), position) >= 0);
    if (reached()) return Promise.resolve(true);
    this.lastNotifyAt = Date.now();
    this.wakeAll();
    return new Promise((resolve) => {
      const onProgress = () => {
        if (!reached()) return;
        cleanup();
        resolve(true);
      };
      const timer = setTimeout(() => {
        cleanup();
        resolve(reached());
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.progress.off('progress', onProgress);
      };
      this.progress.on('progress', onProgress);
    });
  }

  private record(name: string, position: AllPosition) {
    const previous = this.positions.get(name);
    if (!previous || comparePositions(position, previous) > 0) {
      this.positions.set(name, position);
      this.progress.emit('progress');
    }
  }

  /**
   * The live loop: passes (`runPass`) over the projections whose lease this runner holds and
   * whose last batch did not just fail, until stop(). After a pass that read everything
   * readable it sleeps until the next append is heard of (or the idle poll).
   */
  private async follow(): Promise<void> {
    while (this.running) {
      const heard = this.notifications;
      let pass: PassResult = { read: 0, more: false };
      try {
        const ready = (await this.heldProjections()).filter((p) => (this.failing.get(p.name)?.retryAt ?? 0) <= Date.now());
        const failed = new Set<string>();
        pass = await this.runPass(ready, (projection, error) => {
          failed.add(projection.name);
          const failures = (this.failing.get(projection.name)?.failures ?? 0) + 1;
          this.failing.set(projection.name, { failures, retryAt: Date.now() + Math.min(30_000, 100 * 2 ** failures) });
          this.logger.error({ err: error, projection: projection.name, failures }, 'projection batch failed; retrying');
        });
        for (const projection of ready) if (!failed.has(projection.name)) this.failing.delete(projection.name);
      } catch (error) {
        this.logger.error({ err: error }, 'projection pass failed; retrying');
        await this.sleep(1000);
        continue;
      }
      if (pass.more || this.notifications !== heard) continue;
      // A notification that found nothing readable means a transaction below it has not
      // committed yet: look again soon rather than at the idle pace.
      const recentlyNotified = Date.now() - this.lastNotifyAt < 1000;
      const nextRetry = Math.min(...[...this.failing.values()].map((f) => f.retryAt - Date.now()), this.idlePollMs);
      await this.sleep(Math.max(1, recentlyNotified && pass.read === 0 ? Math.min(5, nextRetry) : nextRetry));
    }
  }

  /**
   * The projections this runner may feed now. A lease it does not hold it tries to take (at most
   * every `standbyPollMs`): the holder's process may have gone. Meanwhile it stands by, following
   * the active runner's checkpoint, so read-your-writes here still resolves.
   */
  private async heldProjections(): Promise<Projection[]> {
    const held: Projection[] = [];
    const standby: Projection[] = [];
    for (const projection of this.projections) {
      if (this.leases.holds(projection.name)) {
        held.push(projection);
        continue;
      }
      if (Date.now() - (this.leaseTriedAt.get(projection.name) ?? 0) < this.standbyPollMs) {
        standby.push(projection);
        continue;
      }
      this.leaseTriedAt.set(projection.name, Date.now());
      try {
        if (await this.leases.tryAcquire(projection.name)) {
          this.logger.info({ projection: projection.name }, 'projection lease taken: this process runs the projection');
          held.push(projection);
          continue;
        }
      } catch (error) {
        this.logger.error({ err: error, projection: projection.name }, 'projection lease check failed; retrying');
      }
      standby.push(projection);
    }
    if (standby.length > 0) {
      const checkpoints = await readAllCheckpoints(this.db);
      for (const projection of standby) this.record(projection.name, checkpoints.get(projection.name) ?? startOfAll);
    }
    return held;
  }

  private wakeAll() {
    for (const wake of this.sleepers) wake();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }
}
