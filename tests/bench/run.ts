/**
 * npm run bench — measures on a PostgreSQL server (BENCH_DATABASE_URL, default the local
 * server), each figure side by side with its raw-SQL baseline in the same run and database,
 * and writes everything to bench-results/latest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openServerDatabase } from '../../backend/infrastructure/database/database';
import { migrateToLatest } from '../../backend/infrastructure/database/migrations';
import { measureFrontend, measureRouteFirstLoads, printRouteFirstLoads } from './frontend-size';
import { allVerdicts, printSummary } from './targets';
import { product } from '../../backend/infrastructure/slices/product-slices';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '../..');

async function withFreshDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `skilly_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    // BENCH_KEEP_DATABASE=1 leaves it for a look afterwards (psql, EXPLAIN).
    if (process.env.BENCH_KEEP_DATABASE) console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Writes the figures to bench-results/latest.json, or to BENCH_RESULT_FILE (relative to bench-results/, or absolute). */
function writeResults(contents: unknown) {
  const file = path.resolve(root, 'bench-results', process.env.BENCH_RESULT_FILE ?? 'latest.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(contents, null, 2));
  console.log(`written to ${path.relative(root, file)}`);
}

const results: Record<string, unknown> = { measuredAt: new Date().toISOString(), database: 'postgresql server', node: process.version };

// BENCH_ONLY=admin measures the admin reads at scale alone (BENCH_ADMIN_MEMBERS, default 100000, against BENCH_ADMIN_SMALL).
async function adminReads() {
  const { benchAdminReads, printAdminReads } = await import('./admin-bench');
  const figures = await benchAdminReads(withFreshDatabase);
  printAdminReads(figures);
  return figures;
}
if (process.env.BENCH_ONLY === 'admin') {
  results.adminReads = await adminReads();
  writeResults(results);
  process.exit(0);
}

// BENCH_ONLY=event-store skips the frontend and streaming measures; BENCH_ONLY=lag measures the projection lag alone;
// BENCH_ONLY=rebuild measures the rebuild of every read model alone.
const onlyLag = process.env.BENCH_ONLY === 'lag';
const onlyRebuild = process.env.BENCH_ONLY === 'rebuild';
const onlyEventStore = process.env.BENCH_ONLY === 'event-store' || onlyLag || onlyRebuild;
// BENCH_ONLY=http|member-reads|http-writes|memory measures the server under load alone (see below).
const onlyMemberReads = ['http', 'member-reads', 'http-writes', 'memory'].includes(process.env.BENCH_ONLY ?? '');

// Appends against one round trip of raw SQL (BENCH_ONLY=appends measures these alone): median of 3
// interleaved runs each; BENCH_APPEND_CALLS batches of 100 events, BENCH_SINGLE_PER_WRITER events per writer.
results.appends = process.env.BENCH_ONLY && process.env.BENCH_ONLY !== 'appends' && process.env.BENCH_ONLY !== 'event-store' ? null : await withFreshDatabase(async (url) => {
  const { benchBatchedAppends, benchConcurrentSingleAppends, printBatchedAppends, printConcurrentSingleAppends } = await import('./append-throughput-bench');
  const handle = await openServerDatabase(url);
  try {
    await migrateToLatest(handle.db, product.readModels);
  } finally {
    await handle.close();
  }
  const batched = await benchBatchedAppends(url, Number(process.env.BENCH_APPEND_CALLS ?? 200));
  printBatchedAppends(batched);
  const concurrentSingle = await benchConcurrentSingleAppends(url, Number(process.env.BENCH_SINGLE_PER_WRITER ?? 250));
  printConcurrentSingleAppends(concurrentSingle);
  return { batched, concurrentSingle };
});
if (process.env.BENCH_ONLY === 'appends') {
  writeResults(results);
  (await import('./targets')).printSummary();
  process.exit(0);
}


// Item 5: a rebuild of every read model from BENCH_REBUILD_EVENTS events, and the live lag at BENCH_LAG_RATE appends/s.
if (!onlyLag && (onlyRebuild || !process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'event-store')) {
  const { benchRebuild, printRebuild } = await import('./event-store-bench');
  results.rebuild = await withFreshDatabase(async (url) => {
    const handle = await openServerDatabase(url);
    await migrateToLatest(handle.db, product.readModels).finally(() => handle.close());
    const figures = await benchRebuild(url, Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000));
    printRebuild(figures);
    return figures;
  });
}
if (onlyLag || !process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'event-store') {
  const { benchProjectionLag, printLag } = await import('./projection-lag-bench');
  results.projectionLag = await withFreshDatabase(async (url) => {
    const handle = await openServerDatabase(url);
    await migrateToLatest(handle.db, product.readModels).finally(() => handle.close());
    const lag = await benchProjectionLag(url, Number(process.env.BENCH_LAG_RATE ?? 2000), Number(process.env.BENCH_LAG_SECONDS ?? 10), Number(process.env.BENCH_LAG_POLL_MS ?? 2), Number(process.env.BENCH_LAG_WARMUP_SECONDS ?? 1));
    printLag(lag);
    return lag;
  });
}
const frontend = onlyEventStore || onlyMemberReads ? null : measureFrontend(path.join(root, 'frontend/dist'));
if (onlyEventStore || onlyMemberReads) {
  // skipped
} else if (frontend) {
  console.log(
    `landing page first-load JS      ${(frontend.initialJsGzipBytes / 1024).toFixed(1)} KiB gzip (${(frontend.initialJsBytes / 1024).toFixed(1)} KiB raw, ${frontend.initialScripts.length} files); ` +
      `${frontend.lazyChunks} lazy chunks, ${(frontend.lazyJsGzipBytes / 1024).toFixed(1)} KiB gzip`,
  );
  console.log(
    `admin-only code                 ${frontend.adminCodeInFirstLoad ? 'IN THE FIRST LOAD' : 'loaded lazily'} (${frontend.adminChunks.join(', ') || 'no admin chunk found'})`,
  );
} else {
  console.log('landing page first-load JS      not measured: run `npm run build` first');
}
results.frontend = frontend;
const routeFirstLoads = onlyEventStore || onlyMemberReads ? null : measureRouteFirstLoads(path.join(root, 'frontend/dist'));
if (routeFirstLoads) printRouteFirstLoads(routeFirstLoads);
results.routeFirstLoads = routeFirstLoads;

// Lighthouse mobile on the public pages (BENCH_ONLY=lighthouse measures this alone).
results.lighthouse = onlyEventStore || onlyMemberReads ? null : await (async () => {
  const { benchLighthouse, printLighthouse } = await import('./lighthouse-bench');
  const figures = await benchLighthouse();
  if (figures) printLighthouse(figures);
  else console.log('lighthouse                      not measured: Debian chromium (/usr/bin/chromium) is not installed');
  return figures;
})();

// The server as a real process under load (items 3, 4, 6), each in its own database: BENCH_ONLY=http runs
// all three, BENCH_ONLY=member-reads|http-writes|memory one. Sizes: BENCH_READ_SECONDS, BENCH_WRITE_SECONDS,
// BENCH_WRITE_MEMBERS, BENCH_WRITE_CONNECTIONS (default 50), BENCH_STREAM_CONCURRENT, BENCH_MEMORY_MINUTES, BENCH_MEMORY_MEMBERS.
const httpOnly = process.env.BENCH_ONLY;
const runsHttp = (name: string) => !httpOnly || httpOnly === 'http' || httpOnly === name;
if (runsHttp('member-reads')) {
  results.memberReads = await withFreshDatabase(async (url) => {
    const { benchMemberReads, printMemberReads } = await import('./member-reads-bench');
    const figures = await benchMemberReads(url, Number(process.env.BENCH_READ_SECONDS ?? 10));
    printMemberReads(figures);
    return figures;
  });
}
if (runsHttp('http-writes')) {
  results.httpWrites = await withFreshDatabase(async (url) => {
    const { benchHttpWrites, printHttpWrites } = await import('./http-writes-bench');
    const figures = await benchHttpWrites(url, Number(process.env.BENCH_WRITE_SECONDS ?? 10), Number(process.env.BENCH_WRITE_MEMBERS ?? 200), Number(process.env.BENCH_WRITE_CONNECTIONS ?? 50));
    printHttpWrites(figures);
    return figures;
  });
  results.firstIdeaChunk = await withFreshDatabase(async (url) => {
    const { benchFirstChunk, printFirstChunk } = await import('./first-chunk-bench');
    const figures = await benchFirstChunk(url, Number(process.env.BENCH_STREAM_CONCURRENT ?? 20));
    printFirstChunk(figures);
    return figures;
  });
}
if (runsHttp('memory')) {
  results.serverMemory = await withFreshDatabase(async (url) => {
    const { benchMemory, printMemory } = await import('./memory-bench');
    const figures = await benchMemory(url, Number(process.env.BENCH_MEMORY_MINUTES ?? 10), Number(process.env.BENCH_MEMORY_MEMBERS ?? 50));
    printMemory(figures);
    return figures;
  });
}

results.adminReads = process.env.BENCH_ONLY ? null : await adminReads();

writeResults({ ...results, targets: allVerdicts() });
// Every target's verdict; a first-load budget exceeded fails the run.
if (printSummary().budgetExceeded) process.exit(1);
