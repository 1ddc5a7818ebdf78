import { target } from './targets';
import { getRequests, runLoad, startBareServer, startProductServer, type LoadFigures } from './support/load';
import { createMembers } from './support/members';

export interface RouteFigure {
  route: string;
  requestsPerSecond: number;
  p99Ms: number;
  /** req/s of the route divided by req/s of the bare fastify route measured just before it. */
  ratio: number;
  bareRequestsPerSecond: number;
  bareP99Ms: number;
  /** p99 of the route divided by the bare route's p99. */
  p99Ratio: number;
  non2xx: number;
}

/** BENCH_READ_ROUTES (comma-separated paths) measures only those; `{id}` stands for the member's plan. */
export const MEMBER_READ_ROUTES = process.env.BENCH_READ_ROUTES?.split(',') ?? ['/api/idea-sets', '/api/credits', '/api/auth/me', '/api/plans', '/api/plans/{id}'];

const ratio = (a: number, b: number) => Number((a / Math.max(b, 1e-9)).toFixed(3));

/**
 * Member reads through the real server process (as `npm start` runs it) on a PostgreSQL server
 * database, as a member with one idea set and one plan, at `connections` connections: each
 * route's req/s and p99 against a bare fastify route (its own process) measured right before it
 * with the same settings; autocannon runs in a process of its own.
 */
export async function benchMemberReads(databaseUrl: string, seconds: number, connections = 50): Promise<RouteFigure[]> {
  const server = await startProductServer(databaseUrl);
  const bare = await startBareServer();
  try {
    const [member] = await createMembers(server.url, 1);
    const routes = MEMBER_READ_ROUTES.map((route) => route.replace('{id}', member.planId));
    for (const route of routes) {
      const answer = await fetch(`${server.url}${route}`, { headers: { cookie: member.cookie } });
      if (answer.status !== 200) throw new Error(`GET ${route} answered ${answer.status}: ${await answer.text()}`);
    }
    const load = (url: string, path: string, secs: number, headers: Record<string, string> = {}): Promise<LoadFigures> =>
      runLoad({ url, connections, seconds: secs, requests: getRequests([path], headers) });
    // A short warm-up of both servers (JIT, connection pool).
    await load(bare.url, '/', 2);
    for (const route of routes) await load(server.url, route, 2, { cookie: member.cookie });

    // BENCH_ACCEPT_ENCODING: the reads ask for their answers compressed, as a browser does.
    const asked: Record<string, string> = process.env.BENCH_ACCEPT_ENCODING ? { 'accept-encoding': process.env.BENCH_ACCEPT_ENCODING } : {};
    const figures: RouteFigure[] = [];
    for (const [i, route] of routes.entries()) {
      const base = await load(bare.url, '/', seconds);
      const ours = await load(server.url, route, seconds, { cookie: member.cookie, ...asked });
      figures.push({
        route: MEMBER_READ_ROUTES[i],
        requestsPerSecond: ours.requestsPerSecond,
        p99Ms: ours.p99Ms,
        ratio: ratio(ours.requestsPerSecond, base.requestsPerSecond),
        bareRequestsPerSecond: base.requestsPerSecond,
        bareP99Ms: base.p99Ms,
        p99Ratio: ratio(ours.p99Ms, base.p99Ms),
        non2xx: ours.non2xx + ours.errors,
      });
    }
    return figures;
  } finally {
    await bare.stop();
    await server.stop();
  }
}

/** One line per route: req/s and p99 with their ratios to the bare route and the targets (≥ 0.5×, p99 ≤ 3×). */
export function printMemberReads(figures: RouteFigure[]) {
  for (const f of figures) {
    console.log(
      `GET ${f.route.padEnd(20)} ${String(f.requestsPerSecond).padStart(6)} req/s p99 ${String(f.p99Ms).padStart(3)} ms | ` +
        `bare ${String(f.bareRequestsPerSecond).padStart(6)} req/s p99 ${String(f.bareP99Ms).padStart(3)} ms | ` +
        `ratio ${f.ratio}× ${target(`GET ${f.route} req/s ratio`, f.ratio, 'min', 0.5, '×')}  ` +
        `p99 ${f.p99Ratio}× ${target(`GET ${f.route} p99 ratio`, f.p99Ratio, 'max', 3, '×')}${f.non2xx ? `  (${f.non2xx} non-2xx!)` : ''}`,
    );
  }
}
