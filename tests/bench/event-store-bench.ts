import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../backend/infrastructure/config/config';
import { compose } from '../../backend/infrastructure/composition-root';
import { openServerDatabase } from '../../backend/infrastructure/database/database';
import { migrateToLatest } from '../../backend/infrastructure/database/migrations';
import { buildApp } from '../../backend/infrastructure/http/app';
import { createLogger } from '../../backend/infrastructure/logging/logger';
import { PostgresEventStore } from '../../backend/infrastructure/event-store/postgres-event-store';
import { product } from '../../backend/infrastructure/slices/product-slices';
import { ProjectionRunner } from '../../backend/projections/runner/projection-runner';
import { target } from './targets';

export interface Measured {
  name: string;
  events: number;
  ours: { ms: number; eventsPerSecond: number };
  baseline: { ms: number; eventsPerSecond: number; what: string };
  /** Our throughput divided by the baseline's: 1 means as fast as the raw SQL. */
  ratio: number;
}

export interface RebuildFigures extends Measured {
  /** Event types in the log and how many of each. */
  mix: Record<string, number>;
  members: number;
  /** Rows in every read model's tables after the rebuild (the baseline writes as many). */
  rows: number;
  generateMs: number;
  /** Where the rebuild's time went, as the runner logs it at the end ('rebuild done: where its time went'). */
  timings?: object;
}

const quiet = { info() {}, error() {} };
/** Stands for the member's number in the template's email address (and so in its email claim stream). */
const MEMBER_MARK = 'benchmembermark';
const UUID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-)[0-9a-f]{12}/g;
const EVENT_COLUMNS = [
  'event_id', 'stream_name', 'stream_version', 'type', 'schema_version', 'data', 'actor', 'causation_id', 'correlation_id', 'occurred_at',
] as const;
const COLUMN_TYPES = ['text', 'text', 'int', 'text', 'int', 'jsonb', 'jsonb', 'text', 'text', 'timestamptz'];

type TemplateRow = string[];

async function post(url: string, cookie: string, body?: unknown, method = 'POST') {
  const response = await fetch(url, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * One member's journey through the real app (as `npm start` runs it, offline generators):
 * sign-up, a profile change, an idea generation, a saved idea set, a plan with tasks ticked and
 * one added, a support ticket and a TEST subscription. Answers the events it wrote, as rows of
 * the events table (text), in their global order: the template every bench member repeats.
 */
async function recordJourney(url: string): Promise<TemplateRow[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skilly-bench-'));
  const config = loadConfig({ LOG_LEVEL: 'warn', DATA_DIR: dataDir, DATABASE_URL: url, PORT: '0' });
  const database = await openServerDatabase(url);
  const services = await compose(config, { database, logger: createLogger('warn', createWriteStream(path.join(dataDir, 'server.log'))) });
  await services.runner.start();
  const app = await buildApp(services);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Bench', email: `${MEMBER_MARK}@example.com`, password: 'correct horse battery' }),
    });
    if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${await signup.text()}`);
    const cookie = signup.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    await post(`${base}/api/user/profile`, cookie, { firstName: 'Ada', lastName: 'Benchmark', email: `${MEMBER_MARK}@example.com`, country: 'NZ' }, 'PUT').catch(() => undefined);
    await fetch(`${base}/api/generate-ideas-stream`, {
      method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ skill: 'Sourdough baking' }),
    }).then((r) => r.text());
    const ideas = Array.from({ length: 6 }, (_, i) => ({
      id: `offline-${i + 1}`,
      title: `Weekend bread subscription ${i + 1}`,
      subtitle: 'Neighbours pay for fresh loaves every Saturday morning',
      description: 'Bake sourdough on Friday night, deliver by bike on Saturday, and collect a monthly fee.',
      category: 'offline', industry: 'Food', method: 'Local service', pricing: '$25 per month',
    }));
    await post(`${base}/api/idea-sets`, cookie, { skill: 'Sourdough baking', categories: [{ id: 'offline', name: 'Local/Offline', color: 'orange' }], ideas });
    const { planId } = await post(`${base}/api/plans/generate`, cookie, {
      ideaId: ideas[0].id, ideaTitle: ideas[0].title, ideaDescription: ideas[0].description, category: ideas[0].category,
    });
    const plan = await (await fetch(`${base}/api/plans/${planId}`, { headers: { cookie } })).json() as { milestones: { id: string; tasks: { id: string }[] }[] };
    for (const task of plan.milestones[0].tasks.slice(0, 3)) await post(`${base}/api/tasks/${task.id}/toggle`, cookie, { completed: true }, 'PATCH');
    await post(`${base}/api/plans/${planId}/milestones/${plan.milestones[0].id}/tasks`, cookie, { title: 'Ask the neighbours' });
    await post(`${base}/api/support/tickets`, cookie, { subject: 'Delivery days', message: 'Can I deliver on Sundays too?' });
    const checkout = await post(`${base}/api/stripe/create-checkout-session`, cookie);
    await post(`${base}/api/stripe/test-checkout/${String(checkout.url).split('/').at(-1)}/pay`, cookie);
  } finally {
    await app.close();
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, string>>(
      `select ${EVENT_COLUMNS.map((c) => `${c}::text`).join(', ')} from events order by transaction_id, global_position`,
    );
    // Only the member's own streams repeat: a stream every member would share (none today) is left out.
    const stream = EVENT_COLUMNS.indexOf('stream_name');
    return rows.map((row) => EVENT_COLUMNS.map((c) => row[c])).filter((row) => memberRow(row, 1)[stream] !== row[stream]);
  } finally {
    await client.end();
  }
}

/** The template's row for member `n`: every id (UUIDs, simulated-gateway ids) and the email made its own. */
function memberRow(row: TemplateRow, n: number): string[] {
  const suffix = n.toString(16).padStart(12, '0');
  return row.map((field) =>
    field
      .replace(UUID, `$1${suffix}`)
      .replaceAll(MEMBER_MARK, `member${n}`)
      .replace(/\b((?:cus|sub|evt|pi|in|cs|ch|bps|sim)_[A-Za-z0-9]+)/g, `$1x${n}`),
  );
}

/**
 * Writes `total` events into the events table, as the event store stores them: the template
 * journey repeated for member after member, each in the global order it had, in multi-row
 * INSERTs of about 5,000 events (one transaction each), plus every stream's version.
 */
async function generateEvents(url: string, template: TemplateRow[], total: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const insert = `insert into events (${EVENT_COLUMNS.join(', ')})
    select * from unnest(${COLUMN_TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`;
  let written = 0;
  let member = 0;
  try {
    await client.query('truncate events, projection_checkpoints, projection_stream_versions');
    while (written < total) {
      const columns: string[][] = EVENT_COLUMNS.map(() => []);
      while (columns[0].length < 5000 && written + columns[0].length < total) {
        for (const row of template) {
          if (written + columns[0].length >= total) break;
          const own = memberRow(row, member);
          own.forEach((value, i) => columns[i].push(value));
        }
        member += 1;
      }
      await client.query(insert, columns);
      written += columns[0].length;
    }
    await client.query('analyze events');
  } finally {
    await client.end();
  }
  return member;
}

/**
 * The raw baseline: what a hand-written loader that already knew the answer would pay. One
 * keyset scan of every event (all columns, pages of the rebuild's batch size, JSON decoded), and
 * after each page one multi-row upsert (INSERT … ON CONFLICT on the primary key) per read-model
 * table of that page's share of the rebuilt rows, into equivalent tables (`like … including all`)
 * in a schema of its own. No folding, no checkpoints, no shadow swap.
 */
async function rawScanAndUpsert(url: string, tables: string[], batchSize: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop schema if exists bench_baseline cascade; create schema bench_baseline');
    const rows = new Map<string, unknown[]>();
    const upserts = new Map<string, string>();
    for (const table of tables) {
      await client.query(`create table bench_baseline.${table} (like public.${table} including all)`);
      rows.set(table, (await client.query<{ row: unknown }>(`select to_jsonb(t) as row from public.${table} t`)).rows.map((r) => r.row));
      const { rows: key } = await client.query<{ column: string }>(
        `select a.attname as column from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
         where i.indrelid = 'public.${table}'::regclass and i.indisprimary`,
      );
      const { rows: cols } = await client.query<{ column: string }>(
        `select attname as column from pg_attribute where attrelid = 'public.${table}'::regclass and attnum > 0 and not attisdropped`,
      );
      const keyColumns = key.map((k) => `"${k.column}"`);
      const others = cols.map((c) => `"${c.column}"`).filter((c) => !keyColumns.includes(c));
      const conflict = keyColumns.length === 0
        ? ''
        : others.length === 0
          ? `on conflict (${keyColumns.join(', ')}) do nothing`
          : `on conflict (${keyColumns.join(', ')}) do update set ${others.map((c) => `${c} = excluded.${c}`).join(', ')}`;
      upserts.set(table, `insert into bench_baseline.${table} select * from jsonb_populate_recordset(null::bench_baseline.${table}, $1::jsonb) ${conflict}`);
    }
    const { rows: count } = await client.query<{ n: string }>('select count(*) as n from events');
    const pages = Math.max(1, Math.ceil(Number(count[0].n) / batchSize));

    const start = performance.now();
    let after = { commit: '0', prepare: '-1' };
    for (let page = 0; ; page++) {
      const { rows: events } = await client.query<{ transaction_id: string; global_position: string; data: unknown }>(
        `select * from events where (transaction_id, global_position) > ($1::xid8, $2::bigint)
          and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          order by transaction_id, global_position limit $3`,
        [after.commit, after.prepare, batchSize],
      );
      if (events.length === 0) break;
      const last = events[events.length - 1];
      after = { commit: String(last.transaction_id), prepare: String(last.global_position) };
      await client.query('begin');
      for (const table of tables) {
        const all = rows.get(table)!;
        const share = all.slice(Math.floor((page * all.length) / pages), Math.floor(((page + 1) * all.length) / pages));
        if (share.length) await client.query(upserts.get(table)!, [JSON.stringify(share)]);
      }
      await client.query('commit');
    }
    return performance.now() - start;
  } finally {
    await client.query('drop schema if exists bench_baseline cascade').catch(() => undefined);
    await client.end();
  }
}

/**
 * Rebuilds every registered read model (the runner's `rebuildAll`, as `npm run cli -- projections
 * rebuild all` does) from `total` events of a realistic mix (one member journey, recorded through
 * the app, repeated), in events per second, against the raw scan-plus-upsert baseline above.
 */
export async function benchRebuild(url: string, total: number, batchSize = Number(process.env.BENCH_REBUILD_BATCH ?? 5000)): Promise<RebuildFigures> {
  const template = await recordJourney(url);
  const generateStart = performance.now();
  const members = await generateEvents(url, template, total);
  const generateMs = performance.now() - generateStart;

  const handle = await openServerDatabase(url, { max: 4 });
  let oursMs: number;
  let tables: string[];
  let rows = 0;
  let timings: object | undefined;
  const mix: Record<string, number> = {};
  try {
    await migrateToLatest(handle.db, product.readModels);
    const keepTimings = { ...quiet, info: (obj: object, msg: string) => void (msg.startsWith('rebuild done') && (timings = obj)) };
    const runner = new ProjectionRunner(handle.db, new PostgresEventStore(handle), product.projections, keepTimings, { rebuildBatchSize: batchSize });
    const start = performance.now();
    const replayed = await runner.rebuildAll();
    oursMs = performance.now() - start;
    if (replayed < total) throw new Error(`the rebuild replayed ${replayed} of ${total} events`);
    tables = product.projections.flatMap((p) => p.tables);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const table of tables) rows += Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
      for (const r of (await client.query<{ type: string; n: string }>('select type, count(*) as n from events group by type order by 2 desc')).rows) mix[r.type] = Number(r.n);
    } finally {
      await client.end();
    }
  } finally {
    await handle.close();
  }
  const baselineMs = await rawScanAndUpsert(url, tables, batchSize);
  const ours = { ms: Math.round(oursMs), eventsPerSecond: Math.round((total / oursMs) * 1000) };
  const baseline = {
    ms: Math.round(baselineMs),
    eventsPerSecond: Math.round((total / baselineMs) * 1000),
    what: `one keyset scan of the events (pages of ${batchSize}) plus one multi-row upsert per table per page of the same ${rows} rows into equivalent tables`,
  };
  return {
    name: 'rebuild of every read model', events: total, ours, baseline,
    ratio: Number((ours.eventsPerSecond / baseline.eventsPerSecond).toFixed(2)),
    mix, members, rows, generateMs: Math.round(generateMs), timings,
  };
}

/** Prints the rebuild's throughput and its ratio to the raw baseline, each with its target. */
export function printRebuild(m: RebuildFigures) {
  console.log(
    `rebuild of every read model     ${m.events} events (${m.members} members, ${Object.keys(m.mix).length} event types, ${m.rows} rows) ` +
      `${m.ours.eventsPerSecond} ev/s (${m.ours.ms} ms) ${target('rebuild events/s', m.ours.eventsPerSecond, 'min', 10_000, ' ev/s')}; ` +
      `raw scan + upserts ${m.baseline.eventsPerSecond} ev/s (${m.baseline.ms} ms), ratio ${m.ratio} ${target('rebuild ratio to raw', m.ratio, 'min', 0.5, '×')}`,
  );
  if (m.timings) console.log(`  where the rebuild's time went (ms; each projection's transactions summed) ${JSON.stringify(m.timings)}`);
}
