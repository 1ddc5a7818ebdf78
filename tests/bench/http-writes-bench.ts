import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { compose, type Composition } from '../../backend/infrastructure/composition-root';
import { loadConfig } from '../../backend/infrastructure/config/config';
import { createLogger } from '../../backend/infrastructure/logging/logger';
import type { UserActor } from '../../backend/domain/shared/actor';
import { planLimits } from '../../backend/domain/plans/plan-limits';
import { target } from './targets';
import { runLoad, startProductServer, type LoadFigures, type RequestSpec } from './support/load';
import { createMembers, type BenchMember } from './support/members';
import { cpuWindow, microsecondsEach } from './support/cpu-time';

export interface WriteFigure {
  route: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /**
   * The server's event loop during the writes, from the preloaded probe (`monitorEventLoopDelay`,
   * a timer every 10 ms: an interval of 10 ms is no delay): how much of a write's tail is the
   * server process not running its callbacks (busy, collecting garbage or not scheduled) rather
   * than the database.
   */
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  /** req/s divided by the same members' `GET /api/plans/{id}` at the same settings, measured right before. */
  ratio: number;
  readRequestsPerSecond: number;
  readP99Ms: number;
  /** Answers other than 2xx (a 202 "accepted_pending" is a 2xx: the projections did not catch up in 5 s). */
  non2xx: number;
  pending: number;
  /** Single-row autocommit INSERTs a second from `connections` clients on the same server, measured right before: the database's own limit for one write transaction. */
  insertsPerSecond: number;
  insertP99Ms: number;
  /** req/s divided by those INSERTs a second (issue 49: ≥ 0.25×). */
  insertRatio: number;
  /**
   * The same writes called on the application service in the bench process, with no HTTP
   * (`plans.toggleTask` / `plans.addTask`, `connections` at once over as many members: the same
   * ones for the toggles, members of their own for the additions, as a milestone is full at 50 tasks), right
   * after: what the command, the append and the inline projections cost without the server's
   * request handling, to tell the two apart.
   */
  inProcessPerSecond: number;
  inProcessP99Ms: number;
  inProcessInsertRatio: number;
  /**
   * The first write of each member's plan since the server last wrote it (one toggle per member,
   * `connections` at once), sent before the load and not counted in it: the server reads and
   * folds the plan's stream and loads its rows in a transaction, as after a restart or another
   * process's writes. The load above is the steady state that follows, as the reads' figure is
   * after their warm-up.
   */
  firstWritesPerSecond: number;
  firstWriteP99Ms: number;
  firstWriteMaxMs: number;
  /**
   * CPU microseconds each (user and system, from `/proc`; absent where it cannot tell): the server
   * process and the database server's processes per write over HTTP, the database's and the bench
   * process's per single-row INSERT, and the bench process's (the service), the database's and the
   * server's (its asynchronous projections) per write in process: where a write's cost sits, side by
   * side with the INSERT's. A write's moves between runs with how many appends share a batch's
   * statement and commit (figures measured: docs/architecture.md).
   */
  cpu: {
    serverPerWrite?: number;
    databasePerWrite?: number;
    databasePerInsert?: number;
    clientPerInsert?: number;
    inProcessPerWrite?: number;
    databasePerInProcessWrite?: number;
    /** The server process's, during the writes in process: its asynchronous projections of them. */
    runnerPerInProcessWrite?: number;
  };
}

/**
 * `clients` callers, each calling `call` again as soon as it answers, for `seconds`: calls a
 * second and their p99. `call` gets the caller's number and the how-manieth call overall it is.
 */
async function closedLoop(
  clients: number,
  seconds: number,
  call: (client: number, n: number) => Promise<unknown>,
  /** Stop after this many calls, if sooner. */
  calls = Infinity,
): Promise<{ perSecond: number; p99Ms: number; calls: number }> {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline && next < calls) {
        const started = performance.now();
        await call(client, next++);
        latencies.push(performance.now() - started);
      }
    }),
  );
  const elapsedSeconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: Math.round(latencies.length / elapsedSeconds), p99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0), calls: latencies.length };
}

/**
 * The database's own cost for one small write transaction: `clients` connections each inserting
 * one row per autocommit statement, as fast as they can, for `seconds`.
 */
async function benchSingleRowInserts(
  databaseUrl: string,
  clients: number,
  seconds: number,
): Promise<{ perSecond: number; p99Ms: number; databaseMicroseconds?: number; clientMicroseconds?: number }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: clients });
  const connections = await Promise.all(Array.from({ length: clients }, () => pool.connect()));
  try {
    await connections[0].query('create table if not exists bench_single_inserts (id bigserial primary key, member text not null, payload jsonb not null)');
    const payload = JSON.stringify({ taskId: 'task-1', completed: true, at: new Date().toISOString() });
    const cpu = cpuWindow({ client: process.pid });
    const inserts = await closedLoop(clients, seconds, (client) =>
      connections[client].query('insert into bench_single_inserts (member, payload) values ($1, $2)', [`member-${client}`, payload]),
    );
    const { databaseSeconds, processSeconds } = cpu.stop();
    return { ...inserts, databaseMicroseconds: microsecondsEach(databaseSeconds, inserts.calls), clientMicroseconds: microsecondsEach(processSeconds.client, inserts.calls) };
  } finally {
    for (const connection of connections) connection.release();
    await pool.end();
  }
}

/** The product's services in this process on `databaseUrl` (no HTTP, no runner: the server's runs). */
async function composeInProcess(databaseUrl: string): Promise<Composition> {
  return compose(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'skilly-bench-')) }), {
    logger: createLogger('silent'),
  });
}

/** The plans service's toggle and task addition for the bench members, as each member (no HTTP). */
async function inProcessWrites(services: Composition, members: BenchMember[]) {
  const owners = new Map(
    (await services.database.db.selectFrom('plans').select(['id', 'owner_id']).where('id', 'in', members.map((m) => m.planId)).execute()).map((r) => [r.id, r.owner_id]),
  );
  const actor = (m: BenchMember): UserActor => ({ kind: 'user', userId: owners.get(m.planId)!, role: 'free' });
  const origin = { requestId: 'bench' };
  return {
    toggle: (m: BenchMember, round: number) => services.plans.toggleTask(actor(m), m.taskIds[round % m.taskIds.length], undefined, origin),
    addTask: (m: BenchMember, round: number) =>
      services.plans.addTask(actor(m), m.planId, m.milestoneId, { title: `Bench task ${round}`, description: 'Added in process' }, origin),
  };
}

const json = { 'content-type': 'application/json' };

/** How many tasks each of `members` can still add to their milestone, less one. */
function roomForTasks(members: BenchMember[]): number {
  return planLimits.tasksPerMilestone - Math.max(...members.map((m) => m.taskIds.length)) - 1;
}

/** One request per member, in member order, so consecutive requests (and connections) hit different members. */
function perMember(members: BenchMember[], request: (member: BenchMember, round: number) => RequestSpec, rounds = 20): RequestSpec[] {
  return Array.from({ length: rounds }, (_, round) => members.map((member) => request(member, round))).flat();
}

const planRead = (m: BenchMember): RequestSpec => ({ method: 'GET', path: `/api/plans/${m.planId}`, headers: { cookie: m.cookie } });
const toggle = (m: BenchMember, round: number): RequestSpec => ({
  method: 'PATCH',
  path: `/api/tasks/${m.taskIds[round % m.taskIds.length]}/toggle`,
  headers: { ...json, cookie: m.cookie },
  body: '{}',
});
const addTask = (m: BenchMember, round: number): RequestSpec => ({
  method: 'POST',
  path: `/api/plans/${m.planId}/milestones/${m.milestoneId}/tasks`,
  headers: { ...json, cookie: m.cookie },
  body: JSON.stringify({ title: `Bench task ${round}`, description: 'Added under load' }),
});

/**
 * The write path through the real server process: `PATCH /api/tasks/{id}/toggle` and
 * `POST /api/plans/{planId}/milestones/{milestoneId}/tasks` at `connections` connections spread
 * over `memberCount` members (each answer waits for the read models, as the routes do), each
 * as a ratio to the same members' `GET /api/plans/{id}` measured right before at the same settings,
 * and to single-row autocommit INSERTs from as many connections on the same server, measured
 * between the two (the database's own limit for one write transaction).
 */
export async function benchHttpWrites(databaseUrl: string, seconds: number, memberCount = 200, connections = 50): Promise<WriteFigure[]> {
  const server = await startProductServer(databaseUrl);
  try {
    const members = await createMembers(server.url, memberCount);
    // The in-process task additions get members of their own: a milestone takes at most 50 tasks,
    // and the HTTP additions leave the first members' milestones too full for a second run.
    const othersForAdditions = await createMembers(server.url, memberCount);
    const load = (requests: RequestSpec[], secs: number): Promise<LoadFigures> => runLoad({ url: server.url, connections, seconds: secs, requests });
    const reads = perMember(members, planRead, 1);
    await load(reads, 2);
    const services = await composeInProcess(databaseUrl);
    try {
      const inProcess = await inProcessWrites(services, [...members, ...othersForAdditions]);
      const figures: WriteFigure[] = [];
      // A milestone takes at most 50 tasks: the additions stop when every member's is nearly
      // full (one place kept for a request still in flight as the load stops), however fast
      // they go, rather than run for `seconds` into refusals.
      const additions = (of: BenchMember[]) => of.length * roomForTasks(of);
      for (const [route, writes, call, inProcessMembers, amount] of [
        ['PATCH /api/tasks/{id}/toggle', perMember(members, toggle), inProcess.toggle, members, undefined],
        ['POST /api/plans/{planId}/milestones/{milestoneId}/tasks', perMember(members, addTask, roomForTasks(members)), inProcess.addTask, othersForAdditions, additions],
      ] as const) {
        const read = await load(reads, seconds);
        const inserts = await benchSingleRowInserts(databaseUrl, connections, seconds);
        // A toggle takes no room in a milestone, so the additions' room stays as counted.
        const firstWrites = await runLoad({ url: server.url, connections, seconds, requests: perMember(members, toggle, 1), amount: members.length });
        const writeLoad = () => (amount ? runLoad({ url: server.url, connections, seconds, requests: writes, amount: amount(members) }) : load(writes, seconds));
        // BENCH_WRITE_CPU_PROF=<dir>: a CPU profile of the server during each route's load alone.
        const profileDir = process.env.BENCH_WRITE_CPU_PROF;
        await server.probe(true);
        const writesCpu = cpuWindow({ server: server.pid });
        const ours = profileDir ? await server.profiled(path.join(profileDir, `${route.split(' ')[0].toLowerCase()}-${Date.now()}.cpuprofile`), writeLoad) : await writeLoad();
        const writesSeconds = writesCpu.stop();
        const { eventLoop } = await server.probe(true);
        // The in-process service's first write of each of its members' plans, likewise not counted.
        await closedLoop(connections, seconds, (_, n) => inProcess.toggle(inProcessMembers[n], 0), inProcessMembers.length);
        // The service runs in this process; the server meanwhile runs the asynchronous projections of those writes.
        const directCpu = cpuWindow({ service: process.pid, server: server.pid });
        // In member order, as the HTTP load sends them.
        const direct = await closedLoop(
          connections,
          seconds,
          (_, n) => call(inProcessMembers[n % inProcessMembers.length], Math.floor(n / inProcessMembers.length)),
          amount?.(inProcessMembers),
        );
        const directSeconds = directCpu.stop();
        figures.push({
          route,
          requestsPerSecond: ours.requestsPerSecond,
          p50Ms: ours.p50Ms,
          p99Ms: ours.p99Ms,
          maxMs: ours.maxMs,
          eventLoopP99Ms: eventLoop.p99Ms,
          eventLoopMaxMs: eventLoop.maxMs,
          ratio: Number((ours.requestsPerSecond / Math.max(1, read.requestsPerSecond)).toFixed(3)),
          readRequestsPerSecond: read.requestsPerSecond,
          readP99Ms: read.p99Ms,
          non2xx: ours.non2xx + ours.errors,
          pending: ours.statusCodes['202'] ?? 0,
          insertsPerSecond: inserts.perSecond,
          insertP99Ms: inserts.p99Ms,
          insertRatio: Number((ours.requestsPerSecond / Math.max(1, inserts.perSecond)).toFixed(3)),
          inProcessPerSecond: direct.perSecond,
          inProcessP99Ms: direct.p99Ms,
          inProcessInsertRatio: Number((direct.perSecond / Math.max(1, inserts.perSecond)).toFixed(3)),
          firstWritesPerSecond: firstWrites.requestsPerSecond,
          firstWriteP99Ms: firstWrites.p99Ms,
          firstWriteMaxMs: firstWrites.maxMs,
          cpu: {
            serverPerWrite: microsecondsEach(writesSeconds.processSeconds.server, ours.total),
            databasePerWrite: microsecondsEach(writesSeconds.databaseSeconds, ours.total),
            databasePerInsert: inserts.databaseMicroseconds,
            clientPerInsert: inserts.clientMicroseconds,
            inProcessPerWrite: microsecondsEach(directSeconds.processSeconds.service, direct.calls),
            databasePerInProcessWrite: microsecondsEach(directSeconds.databaseSeconds, direct.calls),
            runnerPerInProcessWrite: microsecondsEach(directSeconds.processSeconds.server, direct.calls),
          },
        });
      }
      return figures;
    } finally {
      await services.close();
    }
  } finally {
    await server.stop();
  }
}

/** One line per write route: req/s, its ratio to the plan read, and p99 against its target (≤ 50 ms). */
export function printHttpWrites(figures: WriteFigure[]) {
  for (const f of figures) {
    console.log(
      `${f.route.padEnd(56)} ${String(f.requestsPerSecond).padStart(5)} req/s p99 ${String(f.p99Ms).padStart(4)} ms ${target(`${f.route} p99`, f.p99Ms, 'max', 50, ' ms')} | ` +
        `GET /api/plans/{id} ${f.readRequestsPerSecond} req/s p99 ${f.readP99Ms} ms | ratio ${f.ratio}× | ` +
        `INSERT ${f.insertsPerSecond}/s p99 ${f.insertP99Ms} ms | ${f.insertRatio}× ${target(`${f.route} against single-row INSERTs`, f.insertRatio, 'min', 0.25, '×')}` +
        `${f.non2xx ? `  (${f.non2xx} non-2xx!)` : ''}${f.pending ? `  (${f.pending} answered 202 pending)` : ''}`,
    );
    console.log(
      `${'  before it, the first write of each plan'.padEnd(56)} ${String(f.firstWritesPerSecond).padStart(5)} req/s p99 ${String(f.firstWriteP99Ms).padStart(4)} ms max ${f.firstWriteMaxMs} ms (a toggle a member; the server folds the stream and loads the rows; not in the figures)`,
    );
    console.log(
      `${'  latency, and the server meanwhile'.padEnd(56)} p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms, max ${f.maxMs} ms | ` +
        `event-loop intervals (a 10 ms timer) p99 ${f.eventLoopP99Ms} ms, max ${f.eventLoopMaxMs} ms`,
    );
    console.log(`${'  the same in process, no HTTP'.padEnd(56)} ${String(f.inProcessPerSecond).padStart(5)} calls/s p99 ${String(f.inProcessP99Ms).padStart(4)} ms | ${f.inProcessInsertRatio}× INSERT`);
    const µs = (n?: number) => (n === undefined ? 'n/a' : `${n} µs`);
    console.log(
      `${'  CPU each (/proc)'.padEnd(56)} over HTTP: server ${µs(f.cpu.serverPerWrite)}, database ${µs(f.cpu.databasePerWrite)} | ` +
        `in process: service ${µs(f.cpu.inProcessPerWrite)}, database ${µs(f.cpu.databasePerInProcessWrite)}, runner ${µs(f.cpu.runnerPerInProcessWrite)} | ` +
        `INSERT: database ${µs(f.cpu.databasePerInsert)}, client ${µs(f.cpu.clientPerInsert)}`,
    );
  }
}
