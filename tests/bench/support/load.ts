/**
 * The HTTP bench harness: the real server started as `npm start` starts it, a bare fastify
 * route and autocannon, each a child process of its own, so none of them shares an event
 * loop with another or with the bench.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProbeAnswer } from './server-probe';

const root = path.resolve(import.meta.dirname, '../../..');
const here = import.meta.dirname;

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOrder {
  url: string;
  connections: number;
  seconds: number;
  /**
   * Stop after this many requests instead of after `seconds` (which then only bounds the wait):
   * for writes that a member can make only so many times (50 tasks to a milestone).
   */
  amount?: number;
  /** Requests per second over all connections; unset: as fast as the server answers. */
  overallRate?: number;
  /** Taken in turn by every connection from one shared counter. */
  requests: RequestSpec[];
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  total: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

function answerOf<T>(child: ChildProcess, accept: (message: unknown) => message is T, what: string, timeoutMs = 120_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${what}: no answer in ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: unknown) => {
      if (!accept(message)) return;
      cleanup();
      resolve(message);
    };
    const onExit = (code: number | null) => fail(new Error(`${what}: the process exited (${code})`));
    const fail = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Runs one autocannon load in a child process and answers its figures. */
export async function runLoad(order: LoadOrder): Promise<LoadFigures> {
  const child = fork(path.join(here, 'autocannon-worker.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const answer = answerOf(child, (m): m is LoadFigures | { error: string } => typeof m === 'object' && m !== null, 'autocannon', (order.seconds + 60) * 1000);
  child.send(order);
  const figures = await answer;
  if ('error' in figures) throw new Error(`autocannon: ${figures.error}`);
  return figures;
}

/** A GET of one path, the same for every request. */
export function getRequests(paths: string[], headers: Record<string, string> = {}): RequestSpec[] {
  return paths.map((p) => ({ method: 'GET', path: p, headers }));
}

export interface BareServer {
  url: string;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => {
        console.error(`a bench child process (${child.pid}) did not stop in 20 s after SIGTERM: killed`);
        child.kill('SIGKILL');
      }, 20_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/** The bare fastify route (`GET /` → `{hello:'world'}`) in a child process. */
export async function startBareServer(): Promise<BareServer> {
  const child = fork(path.join(here, 'bare-server.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { url } = await answerOf(child, (m): m is { type: 'listening'; url: string } => (m as { type?: string })?.type === 'listening', 'bare server');
  return { url, stop: stopper(child) };
}

export interface ProductServer {
  url: string;
  dataDir: string;
  /** The server's process id. */
  pid: number;
  /** Resident memory and the event-loop delay since the last reset, from the preloaded probe. */
  probe(reset?: boolean): Promise<ProbeAnswer>;
  /** A CPU profile of the server while `work` runs, written to `file` (`.cpuprofile`). */
  profiled<T>(file: string, work: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The product as `npm start` runs it (`node --import tsx backend/infrastructure/bin/start.ts`:
 * info-level logging, projections in process, no AI key so the offline generators answer) on
 * `databaseUrl`, with a temporary DATA_DIR, the probe preloaded and its log in DATA_DIR/server.log.
 * BENCH_SERVER_CPU_PROF=<dir> writes a CPU profile (`.cpuprofile`, from ready to stop) there.
 */
export async function startProductServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ProductServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skilly-bench-'));
  const port = await freePort();
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  const profileDir = process.env.BENCH_SERVER_CPU_PROF;
  // Every bench member signs up from 127.0.0.1: the per-address sign-up limit is off here.
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SIGNUPS_PER_ADDRESS_PER_HOUR: '0',
    ...env,
  };
  delete childEnv.OPENAI_API_KEY;
  delete childEnv.NODE_OPTIONS;
  const child = fork(path.join(root, 'backend/infrastructure/bin/start.ts'), [], {
    cwd: root,
    env: childEnv,
    execArgv: ['--import', 'tsx', '--import', path.join(here, 'server-probe.ts')],
    stdio: ['ignore', log, log, 'ipc'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the server exited (${code}); see ${dataDir}/server.log`))));
  exited.catch(() => undefined);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) await exited;
    const ready = await fetch(`${url}/api/ready`).then((r) => r.status === 200, () => false);
    if (ready) break;
    if (Date.now() > deadline) {
      // Not left running (polling a database the bench is about to drop) to skew the next runs.
      child.kill('SIGKILL');
      throw new Error(`the server was not ready in 180 s; see ${dataDir}/server.log`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const ask = <T>(message: object, answerType: string, timeoutMs = 30_000) => {
    const answer = answerOf(child, (m): m is T => (m as { type?: string })?.type === answerType, `server ${answerType}`, timeoutMs);
    child.send(message);
    return answer;
  };
  const startProfile = () => ask({ type: 'profile-start' }, 'profile-started');
  const stopProfile = async (file: string) => {
    await ask({ type: 'profile-stop', file }, 'profile-stopped', 120_000);
    console.log(`server CPU profile: ${file}`);
  };
  if (profileDir) await startProfile();
  const stop = stopper(child);
  return {
    url,
    dataDir,
    pid: child.pid!,
    probe: (reset = false) => ask<ProbeAnswer>({ type: 'probe', reset }, 'probe'),
    async profiled(file, work) {
      // The probe takes one profile at a time.
      if (profileDir) throw new Error('BENCH_SERVER_CPU_PROF already profiles the whole run: unset it to profile a part');
      await startProfile();
      try {
        return await work();
      } finally {
        await stopProfile(file);
      }
    },
    async stop() {
      if (profileDir && child.exitCode === null) await stopProfile(path.join(profileDir, `server-${Date.now()}.cpuprofile`));
      await stop();
    },
  };
}
