import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { loadConfig } from '../../backend/infrastructure/config/config';
import { compose } from '../../backend/infrastructure/composition-root';
import { openServerDatabase } from '../../backend/infrastructure/database/database';
import { buildApp } from '../../backend/infrastructure/http/app';
import { createLogger } from '../../backend/infrastructure/logging/logger';

export interface RouteFigure {
  route: string;
  requestsPerSecond: number;
  p99Ms: number;
  /** req/s of the route divided by req/s of the bare fastify route measured just before it. */
  ratio: number;
  bareRequestsPerSecond: number;
  non2xx: number;
}

/** BENCH_READ_ROUTES (comma-separated paths) measures only those; `{id}` stands for the member's plan. */
export const MEMBER_READ_ROUTES = process.env.BENCH_READ_ROUTES?.split(',') ?? [
  '/api/idea-sets',
  '/api/credits',
  '/api/auth/me',
  '/api/plans',
  '/api/plans/{id}',
  '/api/health',
];

async function load(url: string, headers: Record<string, string>, seconds: number, connections: number) {
  const result = await autocannon({ url, headers, connections, duration: seconds });
  return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99, non2xx: result.non2xx + result.errors };
}

/**
 * Member reads through the whole app (as `npm start` runs it: info-level logging to a file,
 * projections in-process) on a PostgreSQL server database, as a member with one idea set
 * and one plan generated from it (by the configured plan generator: offline without an AI key),
 * each route measured right after a bare fastify route in the same process, so the ratio
 * holds on a shared, busy machine.
 */
export async function benchMemberReads(databaseUrl: string, seconds: number, connections = 50): Promise<RouteFigure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skilly-bench-'));
  const config = loadConfig({ LOG_LEVEL: 'info', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PORT: '0' });
  const database = await openServerDatabase(databaseUrl);
  const logger = createLogger('info', createWriteStream(path.join(dataDir, 'server.log')));
  const services = await compose(config, { database, logger });
  await services.runner.start();
  const app = await buildApp(services);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  const bare = Fastify();
  bare.get('/', async () => ({ hello: 'world' }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  try {
    const signup = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Bench', email: `ada.bench.${Date.now()}@example.com`, password: 'correct horse battery' }),
    });
    if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${await signup.text()}`);
    const cookie = signup.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const ideas = Array.from({ length: 12 }, (_, i) => ({
      id: `offline-${i + 1}`,
      title: `Weekend bread subscription ${i + 1}`,
      subtitle: 'Neighbours pay for fresh loaves every Saturday morning',
      description: 'Bake sourdough on Friday night, deliver by bike on Saturday, and collect a monthly fee. '.repeat(6),
      category: 'offline',
      industry: 'Food',
      method: 'Local service',
      pricing: '$25 per month',
    }));
    const saved = await fetch(`${url}/api/idea-sets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ skill: 'Sourdough baking', categories: [{ id: 'offline', name: 'Local/Offline', color: 'orange' }], ideas }),
    });
    if (saved.status !== 201) throw new Error(`saving an idea set answered ${saved.status}: ${await saved.text()}`);
    const list = await fetch(`${url}/api/idea-sets`, { headers: { cookie } });
    if (list.status !== 200 || ((await list.json()) as unknown[]).length !== 1) throw new Error('the idea set is not listed');
    const generated = await fetch(`${url}/api/plans/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ ideaId: ideas[0].id, ideaTitle: ideas[0].title, ideaDescription: ideas[0].description.slice(0, 1000), category: ideas[0].category }),
    });
    if (generated.status !== 201) throw new Error(`generating a plan answered ${generated.status}: ${await generated.text()}`);
    const { planId } = (await generated.json()) as { planId: string };
    const routes = MEMBER_READ_ROUTES.map((route) => route.replace('{id}', planId));
    for (const route of routes) {
      const answer = await fetch(`${url}${route}`, { headers: { cookie } });
      if (answer.status !== 200) throw new Error(`GET ${route} answered ${answer.status}: ${await answer.text()}`);
    }

    const figures: RouteFigure[] = [];
    // A short warm-up of both servers (JIT, connection pool).
    await load(`${bareUrl}/`, {}, 1, connections);
    for (const route of routes) await load(`${url}${route}`, { cookie }, 1, connections);
    for (const [i, route] of routes.entries()) {
      const base = await load(`${bareUrl}/`, {}, seconds, connections);
      const ours = await load(`${url}${route}`, { cookie }, seconds, connections);
      figures.push({
        route: MEMBER_READ_ROUTES[i],
        requestsPerSecond: ours.requestsPerSecond,
        p99Ms: ours.p99Ms,
        ratio: Number((ours.requestsPerSecond / base.requestsPerSecond).toFixed(3)),
        bareRequestsPerSecond: base.requestsPerSecond,
        non2xx: ours.non2xx,
      });
    }
    return figures;
  } finally {
    await bare.close();
    await app.close();
    await services.close();
  }
}

export function printMemberReads(figures: RouteFigure[]) {
  for (const f of figures) {
    console.log(
      `GET ${f.route.padEnd(27)} ${String(f.requestsPerSecond).padStart(6)} req/s  p99 ${String(f.p99Ms).padStart(4)} ms  ` +
        `bare fastify ${String(f.bareRequestsPerSecond).padStart(6)} req/s  ratio ${f.ratio}${f.non2xx ? `  (${f.non2xx} non-2xx!)` : ''}`,
    );
  }
}
