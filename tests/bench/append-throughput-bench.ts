import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import type { EventToAppend, RecordedEvent } from '../../backend/application/ports/event-store';
import type { Database } from '../../backend/application/ports/database';
import { openServerDatabase } from '../../backend/infrastructure/database/database';
import { PostgresEventStore } from '../../backend/infrastructure/event-store/postgres-event-store';
import { target } from './targets';
import { ProjectionRunner } from '../../backend/projections/runner/projection-runner';
import type { Projection } from '../../backend/projections/runner/projection';

const actor = { kind: 'system', name: 'bench' } as const;
const quiet = { info() {}, error() {} };
const context = (expectedVersion: 'no_stream' | 'any' | number) => ({
  expectedVersion,
  actor,
  occurredAt: new Date(),
  causationId: 'bench',
  correlationId: 'bench',
});

/** About 430 bytes stored, like a registration, under a type no product projection reads. */
function payload(i: number): EventToAppend {
  return {
    id: randomUUID(),
    type: 'BenchPayloadRecorded',
    schemaVersion: 1,
    data: {
      userId: `u-${i}`,
      firstName: `First${i}`,
      lastName: `Last${i}`,
      email: `member${i}@example.com`,
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      role: 'free',
    },
  };
}

/** The row of `events` an append stores for `event`, as parameters of the raw INSERT. */
const rawRow = (event: EventToAppend, streamName: string, streamVersion: number, occurredAt: Date) => [
  event.id,
  streamName,
  streamVersion,
  event.type,
  event.schemaVersion,
  JSON.stringify(event.data),
  JSON.stringify(actor),
  'bench',
  'bench',
  occurredAt,
];
const RAW_COLUMNS = 'event_id, stream_name, stream_version, type, schema_version, data, actor, causation_id, correlation_id, occurred_at';
const placeholders = (rows: number) =>
  Array.from({ length: rows }, (_, i) => `(${Array.from({ length: 10 }, (_, k) => `$${i * 10 + k + 1}`).join(', ')})`).join(', ');

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round2 = (n: number) => Number(n.toFixed(2));

export interface Side {
  eventsPerSecond: number;
  ms: number;
  p50Ms: number;
  p99Ms: number;
}

function side(events: number, ms: number, latencies: number[]): Side {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    eventsPerSecond: Math.round((events / ms) * 1000),
    ms: Math.round(ms),
    p50Ms: round2(percentile(sorted, 50)),
    p99Ms: round2(percentile(sorted, 99)),
  };
}

export interface Compared {
  name: string;
  baselineWhat: string;
  eventsPerRun: number;
  runs: { ours: Side; baseline: Side; ratio: number; p99Ratio: number }[];
  /** Medians over the runs. */
  ours: Side;
  baseline: Side;
  /** Median of the runs' throughput ratios (ours / baseline): 1 means as fast as the raw SQL. */
  ratio: number;
  /** Median of the runs' p99 ratios (our p99 latency / the baseline's). */
  p99Ratio: number;
}

function summarise(name: string, baselineWhat: string, eventsPerRun: number, runs: Compared['runs']): Compared {
  const med = (pick: (r: Compared['runs'][number]) => Side): Side => ({
    eventsPerSecond: median(runs.map((r) => pick(r).eventsPerSecond)),
    ms: median(runs.map((r) => pick(r).ms)),
    p50Ms: median(runs.map((r) => pick(r).p50Ms)),
    p99Ms: median(runs.map((r) => pick(r).p99Ms)),
  });
  return {
    name,
    baselineWhat,
    eventsPerRun,
    runs,
    ours: med((r) => r.ours),
    baseline: med((r) => r.baseline),
    ratio: median(runs.map((r) => r.ratio)),
    p99Ratio: median(runs.map((r) => r.p99Ratio)),
  };
}

/** Runs ours and the baseline `runs` times after one warm-up each, alternating which goes first. */
async function interleaved(runs: number, ours: (run: number) => Promise<Side>, raw: (run: number) => Promise<Side>) {
  await ours(-1);
  await raw(-1);
  const results: Compared['runs'] = [];
  for (let run = 0; run < runs; run++) {
    let o: Side;
    let b: Side;
    if (run % 2 === 0) {
      o = await ours(run);
      b = await raw(run);
    } else {
      b = await raw(run);
      o = await ours(run);
    }
    results.push({ ours: o, baseline: b, ratio: round2(o.eventsPerSecond / b.eventsPerSecond), p99Ratio: round2(o.p99Ms / b.p99Ms) });
  }
  return results;
}

/** A table shaped like `events` (same columns, defaults, keys and indexes) for the raw inserts. */
async function createBaselineTable(db: Kysely<any>) {
  await sql`create table if not exists baseline_events (like events including all)`.execute(db);
  await sql`create sequence if not exists baseline_seq`.execute(db);
  await sql`alter table baseline_events alter column global_position set default nextval('baseline_seq')`.execute(db);
}

/** The pg pool of the raw baseline, sized and typed like the store's. */
const rawPool = (url: string, max: number) => new pg.Pool({ connectionString: url, max });

/**
 * Appends of 100 events a call to new streams, one caller, against the best one round trip
 * of raw SQL can do with the same rows: one autocommit multi-row INSERT (a named prepared
 * statement, no explicit transaction) into a table shaped like `events`. Both sides use a
 * pool of the same size; `runs` interleaved runs, medians reported.
 */
export async function benchBatchedAppends(url: string, calls: number, runs = 3, poolSize = 2): Promise<Compared> {
  const handle = await openServerDatabase(url, { max: poolSize });
  const pool = rawPool(url, poolSize);
  try {
    await createBaselineTable(handle.db as Kysely<any>);
    const store = new PostgresEventStore(handle);
    const batch = (c: number) => Array.from({ length: 100 }, (_, i) => payload(c * 100 + i));
    const insert = `insert into baseline_events (${RAW_COLUMNS}) values ${placeholders(100)}`;

    const ours = async (run: number): Promise<Side> => {
      const batches = Array.from({ length: calls }, (_, c) => batch(c));
      const latencies: number[] = [];
      const start = performance.now();
      for (const [c, events] of batches.entries()) {
        const t = performance.now();
        await store.append(`bench-${run}-${c}`, events, context('no_stream'));
        latencies.push(performance.now() - t);
      }
      return side(calls * 100, performance.now() - start, latencies);
    };
    const raw = async (run: number): Promise<Side> => {
      const batches = Array.from({ length: calls }, (_, c) => batch(c));
      const latencies: number[] = [];
      const start = performance.now();
      for (const [c, events] of batches.entries()) {
        const t = performance.now();
        const occurredAt = new Date();
        const values = events.flatMap((e, i) => rawRow(e, `baseline-${run}-${c}`, i, occurredAt));
        await pool.query({ name: 'baseline-insert-100', text: insert, values });
        latencies.push(performance.now() - t);
      }
      return side(calls * 100, performance.now() - start, latencies);
    };

    return summarise(
      'append, 100 events a call',
      'one autocommit multi-row INSERT (prepared) into a table like events',
      calls * 100,
      await interleaved(runs, ours, raw),
    );
  } finally {
    await pool.end();
    await handle.close();
  }
}

/**
 * `writers` writers at once, each appending one event a call to its own stream with the
 * expected version, against the best one round trip of raw SQL can do with the same row: one
 * autocommit single-row INSERT (a named prepared statement, no explicit transaction). Both
 * sides share out a pool of `writers` connections; `runs` interleaved runs, medians reported.
 */
export async function benchConcurrentSingleAppends(
  url: string,
  perWriter: number,
  writers = 16,
  runs = 3,
): Promise<Compared> {
  const handle = await openServerDatabase(url, { max: writers });
  const pool = rawPool(url, writers);
  try {
    await createBaselineTable(handle.db as Kysely<any>);
    const store = new PostgresEventStore(handle);
    const insert = `insert into baseline_events (${RAW_COLUMNS}) values ${placeholders(1)}`;

    const ours = async (run: number): Promise<Side> => {
      const latencies: number[] = [];
      const start = performance.now();
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const stream = `single-${run}-${w}-${randomUUID()}`;
          for (let i = 0; i < perWriter; i++) {
            const t = performance.now();
            await store.append(stream, [payload(i)], context(i === 0 ? 'no_stream' : i - 1));
            latencies.push(performance.now() - t);
          }
        }),
      );
      return side(writers * perWriter, performance.now() - start, latencies);
    };
    const raw = async (run: number): Promise<Side> => {
      const latencies: number[] = [];
      const start = performance.now();
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const stream = `baseline-single-${run}-${w}-${randomUUID()}`;
          for (let i = 0; i < perWriter; i++) {
            const t = performance.now();
            await pool.query({ name: 'baseline-insert-1', text: insert, values: rawRow(payload(i), stream, i, new Date()) });
            latencies.push(performance.now() - t);
          }
        }),
      );
      return side(writers * perWriter, performance.now() - start, latencies);
    };

    return summarise(
      `append, 1 event a call, ${writers} writers`,
      `one autocommit INSERT (prepared) a call, ${writers} connections`,
      writers * perWriter,
      await interleaved(runs, ours, raw),
    );
  } finally {
    await pool.end();
    await handle.close();
  }
}

export interface Lag {
  appendsPerSecond: number;
  seconds: number;
  appended: number;
  /** Appended events the read model never showed (must be 0). */
  skipped: number;
  /** Appends the load generator could not start on time (it fell more than 100 ms behind). */
  lateStarts: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * A steady load of single-event appends (one new stream each) while a projection runner,
 * on its own connections as the worker process has, follows them into a read model. The lag
 * of an event is from its append resolving (its commit) to a poller, querying the read model
 * every `pollMs` milliseconds, first seeing its row.
 */
export async function benchProjectionLag(url: string, appendsPerSecond: number, seconds: number, pollMs = 2): Promise<Lag> {
  const writerHandle = await openServerDatabase(url, { max: 16 });
  const runnerHandle = await openServerDatabase(url, { max: 4 });
  const observer = new pg.Client({ connectionString: url });
  await observer.connect();
  await observer.query('create table bench_lag (id bigserial primary key, n integer not null)');

  const projection: Projection = {
    name: 'bench_lag',
    handles: ['BenchLagProbe'],
    tables: ['bench_lag'],
    memberFacing: false,
    async apply(trx: Transaction<Database>, event: RecordedEvent) {
      await sql`insert into bench_lag (n) values (${event.data.n as number})`.execute(trx);
    },
    async applyBatch(trx: Transaction<Database>, events: RecordedEvent[]) {
      if (events.length === 0) return;
      await sql`insert into bench_lag (n) select unnest(${events.map((e) => e.data.n as number)}::int[])`.execute(trx);
    },
  };
  const writer = new PostgresEventStore(writerHandle);
  const runner = new ProjectionRunner(runnerHandle.db, new PostgresEventStore(runnerHandle), [projection], quiet);
  const total = Math.round(appendsPerSecond * seconds);
  const committedAt = new Array<number>(total);
  const seenAt = new Array<number>(total);
  let seen = 0;

  try {
    await runner.start();
    let observing = true;
    const observe = (async () => {
      let lastId = 0;
      while (observing) {
        const rows = await observer.query<{ id: string; n: number }>(
          'select id::text, n from bench_lag where id > $1 order by id',
          [lastId],
        );
        const now = performance.now();
        for (const row of rows.rows) {
          if (seenAt[row.n] === undefined) seen += 1;
          seenAt[row.n] ??= now;
          lastId = Number(row.id);
        }
        await new Promise((r) => setTimeout(r, pollMs));
      }
    })();

    const interval = 1000 / appendsPerSecond;
    const inFlight: Promise<void>[] = [];
    let lateStarts = 0;
    const start = performance.now();
    for (let i = 0; i < total; i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      else if (wait < -100) lateStarts += 1;
      const n = i;
      inFlight.push(
        writer
          .append(`lag-${randomUUID()}`, [{ id: randomUUID(), type: 'BenchLagProbe', schemaVersion: 1, data: { n } }], context('no_stream'))
          .then(() => {
            committedAt[n] = performance.now();
          }),
      );
    }
    await Promise.all(inFlight);
    const deadline = performance.now() + 10_000;
    while (seen < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    observing = false;
    await observe;

    const lags: number[] = [];
    for (let n = 0; n < total; n++) {
      if (seenAt[n] !== undefined) lags.push(Math.max(0, seenAt[n] - committedAt[n]));
    }
    lags.sort((a, b) => a - b);
    return {
      appendsPerSecond,
      seconds,
      appended: total,
      skipped: total - seen,
      lateStarts,
      p50Ms: round2(percentile(lags, 50)),
      p99Ms: round2(percentile(lags, 99)),
      maxMs: round2(lags[lags.length - 1] ?? 0),
    };
  } finally {
    await runner.stop();
    await observer.end();
    await runnerHandle.close();
    await writerHandle.close();
  }
}

function describeCompared(m: Compared) {
  const s = (x: Side) => `${String(x.eventsPerSecond).padStart(6)} ev/s p50 ${x.p50Ms} ms p99 ${x.p99Ms} ms`;
  return `${m.name.padEnd(36)} ours ${s(m.ours)} | raw ${s(m.baseline)} | ratio ${m.ratio} (runs ${m.runs.map((r) => r.ratio).join(', ')})`;
}

/** Prints the batched appends against one multi-row INSERT, with the target (≥ 1.0×). */
export function printBatchedAppends(m: Compared) {
  console.log(`${describeCompared(m)} ${target('batched appends vs one multi-row INSERT', m.ratio, 'min', 1.0, '×')}`);
}

/** Prints the concurrent single-event appends against single INSERTs: ≥ 0.7× and p99 ≤ 1.5× raw's. */
export function printConcurrentSingleAppends(m: Compared) {
  console.log(`${describeCompared(m)} ${target('16 single-event writers vs single INSERTs', m.ratio, 'min', 0.7, '×')}`);
  console.log(
    `${''.padEnd(36)} p99 ${m.ours.p99Ms} ms vs raw's ${m.baseline.p99Ms} ms: ${m.p99Ratio}× (runs ${m.runs.map((r) => r.p99Ratio).join(', ')}) ` +
      target('16 single-event writers p99 vs raw p99', m.p99Ratio, 'max', 1.5, '×'),
  );
}

export function printLag(l: Lag) {
  console.log(
    `projection lag at ${l.appendsPerSecond} appends/s   p50 ${l.p50Ms} ms  p99 ${l.p99Ms} ms  max ${l.maxMs} ms  ` +
      `(${l.appended} appends over ${l.seconds} s, ${l.skipped} skipped, ${l.lateStarts} started late)`,
  );
}
