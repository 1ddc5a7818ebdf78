import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import type { EventToAppend, RecordedEvent } from '../../backend/application/ports/event-store';
import type { Database } from '../../backend/application/ports/database';
import { openServerDatabase } from '../../backend/infrastructure/database/database';
import { PostgresEventStore } from '../../backend/infrastructure/event-store/postgres-event-store';
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

const rawRow = (event: EventToAppend, streamName: string, streamVersion: number) => [
  randomUUID(),
  streamName,
  streamVersion,
  event.type,
  event.schemaVersion,
  JSON.stringify(event.data),
  JSON.stringify(actor),
  'bench',
  'bench',
  new Date(),
];
const RAW_COLUMNS = 'event_id, stream_name, stream_version, type, schema_version, data, actor, causation_id, correlation_id, occurred_at';

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
  runs: { ours: Side; baseline: Side; ratio: number }[];
  /** Medians over the runs. */
  ours: Side;
  baseline: Side;
  /** Median of the runs' throughput ratios (ours / baseline): 1 means as fast as the raw SQL. */
  ratio: number;
  /** Our median p99 latency divided by the baseline's. */
  p99Ratio: number;
}

function summarise(name: string, baselineWhat: string, eventsPerRun: number, runs: Compared['runs']): Compared {
  const med = (pick: (r: Compared['runs'][number]) => Side): Side => ({
    eventsPerSecond: median(runs.map((r) => pick(r).eventsPerSecond)),
    ms: median(runs.map((r) => pick(r).ms)),
    p50Ms: median(runs.map((r) => pick(r).p50Ms)),
    p99Ms: median(runs.map((r) => pick(r).p99Ms)),
  });
  const ours = med((r) => r.ours);
  const baseline = med((r) => r.baseline);
  return {
    name,
    baselineWhat,
    eventsPerRun,
    runs,
    ours,
    baseline,
    ratio: median(runs.map((r) => r.ratio)),
    p99Ratio: round2(ours.p99Ms / baseline.p99Ms),
  };
}

async function createBaselineTable(db: Kysely<any>) {
  await sql`create table if not exists baseline_events (like events including all)`.execute(db);
  await sql`create sequence if not exists baseline_seq`.execute(db);
  await sql`alter table baseline_events alter column global_position set default nextval('baseline_seq')`.execute(db);
}

/**
 * Appends of 100 events a call to new streams, one caller, against a multi-row INSERT of the
 * same rows into an identical table; `runs` interleaved runs (the order alternates each run).
 */
export async function benchBatchedAppends(url: string, calls: number, runs = 3): Promise<Compared> {
  const handle = await openServerDatabase(url, { max: 2 });
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await createBaselineTable(handle.db as Kysely<any>);
    const store = new PostgresEventStore(handle);
    const batch = (c: number) => Array.from({ length: 100 }, (_, i) => payload(c * 100 + i));

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
      const client = await pool.connect();
      try {
        const latencies: number[] = [];
        const start = performance.now();
        for (const [c, events] of batches.entries()) {
          const values = events.flatMap((e, i) => rawRow(e, `baseline-${run}-${c}`, i));
          const placeholders = events
            .map((_, i) => `(${Array.from({ length: 10 }, (_, k) => `$${i * 10 + k + 1}`).join(', ')})`)
            .join(', ');
          const t = performance.now();
          await client.query(`insert into baseline_events (${RAW_COLUMNS}) values ${placeholders}`, values);
          latencies.push(performance.now() - t);
        }
        return side(calls * 100, performance.now() - start, latencies);
      } finally {
        client.release();
      }
    };

    // Warm both paths up once.
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
      results.push({ ours: o, baseline: b, ratio: round2(o.eventsPerSecond / b.eventsPerSecond) });
    }
    return summarise('append, 100 events a call', 'multi-row INSERT into an identical table', calls * 100, results);
  } finally {
    await pool.end();
    await handle.close();
  }
}

/**
 * 16 writers at once, each appending one event a call to its own stream (with the expected
 * version), against BEGIN, INSERT, COMMIT of the same row on 16 connections.
 */
export async function benchConcurrentSingleAppends(
  url: string,
  perWriter: number,
  writers = 16,
  runs = 3,
): Promise<Compared> {
  const handle = await openServerDatabase(url, { max: writers });
  const pool = new pg.Pool({ connectionString: url, max: writers });
  try {
    await createBaselineTable(handle.db as Kysely<any>);
    const store = new PostgresEventStore(handle);

    const ours = async (run: number): Promise<Side> => {
      const latencies: number[] = [];
      const start = performance.now();
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const stream = `single-${run}-${w}-${randomUUID()}`;
          for (let i = 0; i < perWriter; i++) {
            const event = payload(i);
            const t = performance.now();
            await store.append(stream, [event], context(i === 0 ? 'no_stream' : i - 1));
            latencies.push(performance.now() - t);
          }
        }),
      );
      return side(writers * perWriter, performance.now() - start, latencies);
    };
    const raw = async (run: number): Promise<Side> => {
      const clients = await Promise.all(Array.from({ length: writers }, () => pool.connect()));
      try {
        const latencies: number[] = [];
        const start = performance.now();
        await Promise.all(
          clients.map(async (client, w) => {
            const stream = `baseline-single-${run}-${w}-${randomUUID()}`;
            for (let i = 0; i < perWriter; i++) {
              const row = rawRow(payload(i), stream, i);
              const t = performance.now();
              await client.query('begin');
              await client.query(
                `insert into baseline_events (${RAW_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
                row,
              );
              await client.query('commit');
              latencies.push(performance.now() - t);
            }
          }),
        );
        return side(writers * perWriter, performance.now() - start, latencies);
      } finally {
        for (const client of clients) client.release();
      }
    };

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
      results.push({ ours: o, baseline: b, ratio: round2(o.eventsPerSecond / b.eventsPerSecond) });
    }
    return summarise(
      `append, 1 event a call, ${writers} writers`,
      `BEGIN, INSERT, COMMIT on ${writers} connections`,
      writers * perWriter,
      results,
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

export function printCompared(m: Compared) {
  const s = (x: Side) => `${String(x.eventsPerSecond).padStart(6)} ev/s p50 ${x.p50Ms} ms p99 ${x.p99Ms} ms`;
  console.log(
    `${m.name.padEnd(36)} ours ${s(m.ours)} | raw ${s(m.baseline)} | ratio ${m.ratio} (runs ${m.runs.map((r) => r.ratio).join(', ')}), p99 ${m.p99Ratio}× raw's`,
  );
}

export function printLag(l: Lag) {
  console.log(
    `projection lag at ${l.appendsPerSecond} appends/s   p50 ${l.p50Ms} ms  p99 ${l.p99Ms} ms  max ${l.maxMs} ms  ` +
      `(${l.appended} appends over ${l.seconds} s, ${l.skipped} skipped, ${l.lateStarts} started late)`,
  );
}
