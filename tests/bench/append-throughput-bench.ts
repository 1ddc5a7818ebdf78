import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { EventToAppend } from '../../backend/application/ports/event-store';
import { openServerDatabase } from '../../backend/infrastructure/database/database';
import { PostgresEventStore } from '../../backend/infrastructure/event-store/postgres-event-store';
import { target } from './targets';

const actor = { kind: 'system', name: 'bench' } as const;
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
/** A pool for the raw-SQL side; a connection ended by the database's drop at the end is no failure of the bench. */
function rawPool(url: string, max: number) {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {});
  return pool;
}

/**
 * Appends of 100 events a call to new streams, one caller, against the best one round trip
 * of raw SQL can do with the same rows: one autocommit multi-row INSERT (a named prepared
 * statement, no explicit transaction) into a table shaped like `events`. Both sides use a
 * pool of the same size; `runs` interleaved runs, medians reported.
 */
export async function benchBatchedAppends(url: string, calls: number, runs = 3, poolSize = 2): Promise<Compared> {
  const handle = await openServerDatabase(url, { max: poolSize });
  const pool = rawPool(url, poolSize);
  const store = new PostgresEventStore(handle);
  try {
    await createBaselineTable(handle.db as Kysely<any>);
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
    // The NOTIFY after the last append may still be on its way: the database is dropped next.
    await store.close();
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
  const store = new PostgresEventStore(handle);
  try {
    await createBaselineTable(handle.db as Kysely<any>);
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
    // The NOTIFY after the last append may still be on its way: the database is dropped next.
    await store.close();
    await pool.end();
    await handle.close();
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
