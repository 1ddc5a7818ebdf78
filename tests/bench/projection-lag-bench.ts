import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { RecordedEvent } from '../../backend/application/ports/event-store';
import type { Database } from '../../backend/application/ports/database';
import { openServerDatabase } from '../../backend/infrastructure/database/database';
import { PostgresEventStore } from '../../backend/infrastructure/event-store/postgres-event-store';
import { product } from '../../backend/infrastructure/slices/product-slices';
import { ProjectionRunner } from '../../backend/projections/runner/projection-runner';
import type { Projection } from '../../backend/projections/runner/projection';
import { target } from './targets';

const quiet = { info() {}, error() {} };
const context = { expectedVersion: 'no_stream' as const, actor: { kind: 'system', name: 'bench' } as const, occurredAt: new Date(), causationId: 'bench', correlationId: 'bench' };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const round2 = (n: number) => Number(n.toFixed(2));

export interface Lag {
  appendsPerSecond: number;
  /** The rate the load generator reached (appends started over the time it took). */
  achievedPerSecond: number;
  seconds: number;
  /** Seconds of appends at the same rate before the measured ones (their lag is not counted; every event is still checked once). */
  warmupSeconds: number;
  appended: number;
  /** Appended events the read model never showed, or showed more than once (must be 0). */
  skipped: number;
  duplicated: number;
  /** The probe projection's checkpoint is at the last appended event. */
  checkpointAtHead: boolean;
  /** How many projections the runner followed (the product's and the probe). */
  projections: number;
  /** Appends the load generator could not start on time (it fell more than 100 ms behind). */
  lateStarts: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** A read model of one row per probe event, written a batch at a time in one statement. */
const probeProjection: Projection = {
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

/**
 * Live lag: a steady `appendsPerSecond` of single-event appends (one new stream each, through
 * the event store) while a projection runner on its own connections, as the worker process
 * has, follows them with every product projection plus a probe read model. The lag of an
 * event is from its append resolving (its commit) to an observer, querying the probe table
 * every `pollMs` ms, first seeing its row. The first `warmupSeconds` of appends run at the same
 * rate but their lag is not counted: they take the start-up (connections opened, statements
 * planned, code compiled) that a runner following a live store has long behind it. Afterwards
 * every appended event must be in the probe table exactly once and the probe's checkpoint at
 * the last append.
 */
export async function benchProjectionLag(url: string, appendsPerSecond: number, seconds: number, pollMs = 2, warmupSeconds = 1): Promise<Lag> {
  const writerHandle = await openServerDatabase(url, { max: 16 });
  const runnerHandle = await openServerDatabase(url, { max: 4 });
  const observer = new pg.Client({ connectionString: url });
  await observer.connect();
  await observer.query('create table bench_lag (id bigserial primary key, n integer not null)');

  const projections = process.env.BENCH_LAG_PROBE_ONLY ? [probeProjection] : [...product.projections, probeProjection];
  const writer = new PostgresEventStore(writerHandle);
  const runner = new ProjectionRunner(runnerHandle.db, new PostgresEventStore(runnerHandle), projections, quiet);
  const warmup = Math.round(appendsPerSecond * warmupSeconds);
  const total = warmup + Math.round(appendsPerSecond * seconds);
  const committedAt = new Float64Array(total).fill(NaN);
  const seenAt = new Float64Array(total).fill(NaN);
  let seen = 0;

  try {
    await runner.start();
    let observing = true;
    const observe = (async () => {
      let lastId = 0;
      while (observing) {
        const rows = await observer.query<{ id: string; n: number }>('select id::text, n from bench_lag where id > $1 order by id', [lastId]);
        const now = performance.now();
        for (const row of rows.rows) {
          if (Number.isNaN(seenAt[row.n])) {
            seen += 1;
            seenAt[row.n] = now;
          }
          lastId = Number(row.id);
        }
        await new Promise((r) => setTimeout(r, pollMs));
      }
    })();

    const interval = 1000 / appendsPerSecond;
    // Appends in flight are counted, not kept: a list of every append's promise (and the times
    // as boxed numbers) would keep them all alive to the end in this process, which also hosts
    // the runner whose lag is measured, and lengthen its collections (docs/architecture.md).
    let inFlight = 0;
    let failure: unknown;
    let drained: (() => void) | undefined;
    let lateStarts = 0;
    let last = { commit: 0, prepare: 0 };
    const start = performance.now();
    for (let i = 0; i < total; i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      else if (wait < -100) lateStarts += 1;
      const n = i;
      inFlight += 1;
      writer
        .append(`lag-${randomUUID()}`, [{ id: randomUUID(), type: 'BenchLagProbe', schemaVersion: 1, data: { n } }], context)
        .then(
          (result) => {
            committedAt[n] = performance.now();
            if (result.position.commit > last.commit || (result.position.commit === last.commit && result.position.prepare > last.prepare)) last = result.position;
          },
          (error: unknown) => (failure ??= error),
        )
        .finally(() => {
          inFlight -= 1;
          if (inFlight === 0) drained?.();
        });
    }
    const achievedPerSecond = Math.round(total / ((performance.now() - start) / 1000));
    if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
    if (failure) throw failure;
    const deadline = performance.now() + 10_000;
    while (seen < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    observing = false;
    await observe;

    const { rows: counts } = await observer.query<{ rows: string; distinct: string }>('select count(*) as rows, count(distinct n) as distinct from bench_lag');
    const { rows: checkpoint } = await observer.query<{ commit: string; prepare: string }>(
      `select commit_position as commit, prepare_position as prepare from projection_checkpoints where projection = 'bench_lag'`,
    );
    const checkpointAtHead =
      checkpoint.length === 1 &&
      (Number(checkpoint[0].commit) > last.commit || (Number(checkpoint[0].commit) === last.commit && Number(checkpoint[0].prepare) >= last.prepare));

    const lags: number[] = [];
    for (let n = warmup; n < total; n++) if (!Number.isNaN(seenAt[n])) lags.push(Math.max(0, seenAt[n] - committedAt[n]));
    lags.sort((a, b) => a - b);
    return {
      appendsPerSecond,
      achievedPerSecond,
      seconds,
      warmupSeconds,
      appended: total,
      skipped: total - Number(counts[0].distinct),
      duplicated: Number(counts[0].rows) - Number(counts[0].distinct),
      checkpointAtHead,
      projections: projections.length,
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

/** Prints the live lag p99 and the skipped events, each with its target. */
export function printLag(l: Lag) {
  console.log(
    `projection lag at ${l.appendsPerSecond} appends/s  p50 ${l.p50Ms} ms  p99 ${l.p99Ms} ms ${target('projection lag p99', l.p99Ms, 'max', 50, ' ms')}  max ${l.maxMs} ms; ` +
      `skipped ${l.skipped} ${target('projection lag skipped events', l.skipped + l.duplicated, 'max', 0)}, applied twice ${l.duplicated}, checkpoint at head ${l.checkpointAtHead ? 'yes' : 'NO'} ` +
      `(${l.appended} appends over ${l.seconds} s after ${l.warmupSeconds} s of warm-up, reached ${l.achievedPerSecond}/s, ${l.lateStarts} started late; ${l.projections} projections followed)`,
  );
}
