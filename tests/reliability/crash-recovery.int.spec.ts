import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { comparePositions, startOfAll } from '../../backend/application/ports/event-store';
import { compose, type Composition } from '../../backend/infrastructure/composition-root';
import { loadConfig } from '../../backend/infrastructure/config/config';
import { readAllCheckpoints } from '../../backend/projections/runner/checkpoints';
import { createTestDatabase, usingServer } from '../support/database';
import { newDataDir } from '../support/data-dir';
import { readModelTables, stateChecksums } from '../support/state-checksum';
import { checkoutCompleted, invoicePaid, proPriceId, signedDelivery, startStripeServer, stripeId } from '../support/stripe-server';
import { Client, newMember } from '../support/test-app';
import { fullRun, reportPart, scale } from './scale';
import { knownEventTypes } from '../support/event-types';
import { missingFromSeed, recordJourneys, seedEvents } from './seed-events';

/**
 * Issue 27, crash recovery. (a) The projection worker (`npm run worker`) is killed with SIGKILL
 * at random points while it builds every read model from zero over a seeded history; once it
 * has been restarted and has caught up, every read model's checksum equals a clean rebuild's.
 * (b) The web server is killed with SIGKILL during a load of writes (sign-ups, idea sets, ticket
 * messages, task ticks, Stripe webhook deliveries) and restarted: every write it acknowledged
 * with a 2xx is in the event store and in the read models, and every read model equals a rebuild.
 * Both run real child processes on the database of this run: a database on the PostgreSQL
 * server, or (PGlite) a DATA_DIR that the processes own one at a time.
 */

// The shortened size fits CI's budget on a busy 2-core machine; the full run is the 200k.
const EVENTS = scale(4_000, 200_000);
const WORKER_KILLS = scale(1, 10);
const SERVER_KILLS = scale(1, 10);
const TIMEOUT_MS = fullRun ? 3_600_000 : 480_000;

let rounds = 0;
let failures = 0;
const details: string[] = [];
afterAll(() => reportPart('crash recovery', rounds, failures, details.join('; ')));

/** Counts `kills` rounds, all failed when the check after them throws. */
async function checkedRounds(kills: number, check: () => Promise<void>) {
  rounds += kills;
  try {
    await check();
  } catch (error) {
    failures += kills;
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where this test's product data lives, the environment that points a child process at it, and a way to open it here. */
interface ProductData {
  env: Record<string, string>;
  /** The composition over it, in this process (on PGlite: only while no child runs). */
  open(): Promise<Composition>;
  remove(): Promise<void>;
}

async function createProductData(): Promise<ProductData> {
  const dataDir = newDataDir('skilly-crash-');
  const database = usingServer() ? await createTestDatabase() : undefined;
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url! } : {}) };
  return {
    env,
    open: () => compose(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PROJECTIONS_IN_PROCESS: 'false', ...env })),
    async remove() {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Child {
  process: ChildProcess;
  /** Resolves with the match once the child prints a line matching `pattern`. */
  printed(pattern: RegExp): Promise<RegExpMatchArray>;
  exited: Promise<void>;
}

function startChild(script: string, data: ProductData, env: Record<string, string>): Child {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...inherited, NODE_ENV: 'test', SIGNUPS_PER_ADDRESS_PER_HOUR: '0', ...data.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    // What a child logs as an error is shown with the test's output.
    if (/"level":(50|60)/.test(line)) console.error(`${script}: ${line}`);
    listeners.forEach((listener) => listener());
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    exited,
    printed: (pattern) =>
      new Promise((resolve, reject) => {
        const look = () => {
          const match = lines.map((line) => line.match(pattern)).find(Boolean);
          if (match) {
            listeners.delete(look);
            resolve(match);
          }
        };
        listeners.add(look);
        look();
        void exited.then(() => reject(new Error(`${script} exited before printing ${pattern}:\n${lines.join('\n')}`)));
      }),
  };
}

async function kill(child: Child, signal: NodeJS.Signals) {
  child.process.kill(signal);
  await child.exited;
}

/** How many projections have not yet reached the newest event. */
async function projectionsBehind(services: Composition): Promise<number> {
  await services.eventStore.committedReadable();
  const head = (await services.eventStore.headPosition()) ?? startOfAll;
  const checkpoints = await readAllCheckpoints(services.database.db);
  return services.runner.projections.filter((p) => comparePositions(checkpoints.get(p.name) ?? startOfAll, head) < 0).length;
}

/** The recorded journeys, once for the file (recording runs the server through them). */
let journeys: ReturnType<typeof recordJourneys> | undefined;
const template = () => (journeys ??= recordJourneys());

describe('the projection worker killed with SIGKILL while it builds the read models', () => {
  it('its seeded history holds every event type the deciders write, so no read model is compared empty', async () => {
    expect(missingFromSeed(await template(), await knownEventTypes())).toEqual([]);
  }, TIMEOUT_MS);

  it(`${WORKER_KILLS} kill(s) at random points over ${EVENTS} events: the read models end as a clean rebuild`, async () => {
    const data = await createProductData();
    try {
      const recorded = await template();
      let services = await data.open();
      const seeded = await seedEvents(services.eventStore, recorded, EVENTS);

      // The clean rebuild, in this process: its checksums are the answer, its time paces the kills.
      const started = Date.now();
      for (const projection of services.runner.projections) await services.runner.rebuild(projection);
      const cleanMs = Date.now() - started;
      const clean = await stateChecksums(services.database.db);
      // Back to nothing built: the worker starts every read model from zero (the inline
      // projections' seen versions too, else it would pass what the seeding appends applied).
      for (const table of [...readModelTables, 'projection_checkpoints', 'projection_stream_versions']) await sql`delete from ${sql.table(table)}`.execute(services.database.db);
      await services.close();

      let midway = 0;
      for (let k = 0; k < WORKER_KILLS; k++) {
        const worker = startChild('backend/infrastructure/bin/worker.ts', data, { LOG_LEVEL: 'info' });
        await worker.printed(/projection worker running/);
        // A worker builds faster than the in-process rebuild that timed it (most of all on
        // PGlite): kill within the first part of that time.
        await sleep(((0.01 + 0.1 * Math.random()) * cleanMs) / WORKER_KILLS);
        await kill(worker, 'SIGKILL');
        services = await data.open();
        if ((await projectionsBehind(services)) > 0) midway += 1;
        await services.close();
      }
      details.push(`worker killed ${WORKER_KILLS}x (${midway} mid-build) over ${seeded} events`);
      // On the server the kills land within the build. An embedded worker may finish a small
      // build before its kill (a few hundred ms): there the round still checks that a worker
      // killed at any point, then restarted, ends with the clean rebuild's read models.
      if (usingServer()) expect(midway).toBeGreaterThan(0);

      // Restarted, the worker finishes. On the server it is watched while it runs; a PGlite
      // DATA_DIR can only be looked at once it has let go, so there it is killed and looked at.
      for (;;) {
        const worker = startChild('backend/infrastructure/bin/worker.ts', data, { LOG_LEVEL: 'info' });
        await worker.printed(/projection worker running/);
        if (usingServer()) {
          const watcher = await data.open();
          while ((await projectionsBehind(watcher)) > 0) await sleep(500);
          await watcher.close();
        } else {
          await sleep(Math.max(5000, 2 * cleanMs));
        }
        await kill(worker, 'SIGKILL');
        services = await data.open();
        if ((await projectionsBehind(services)) === 0) break;
        await services.close();
      }

      await checkedRounds(WORKER_KILLS, async () => {
        const recovered = await stateChecksums(services.database.db);
        expect(recovered.events).toBe(clean.events);
        expect(recovered.readModels).toEqual(clean.readModels);
      });
      await services.close();
    } finally {
      await data.remove();
    }
  }, TIMEOUT_MS);
});

/** A member the server acknowledged, with each write of theirs it acknowledged. */
interface Acknowledged {
  email: string;
  password: string;
  skills: string[];
  ticketId?: string;
  messages: string[];
  planId?: string;
  /** Tasks of the plan the member ticked. */
  completedTasks: string[];
  /** The provider's invoice ids of payments whose webhook delivery was answered 200. */
  invoices: string[];
  /** The checkout's webhook was answered 200: the member is Pro through their subscription. */
  subscribed: boolean;
}

const idea = { id: 'idea-1', title: 'Custom Pet Portraits', subtitle: 'Pet owners pay for a painting', description: 'Paint pets from photos and sell on Fiverr.', category: 'fiverr', industry: 'Art', method: 'Gigs', pricing: '$40-120' };
/** A member may keep 20 idea sets a day: the first one, then these. */
const SETS_PER_MEMBER = 18;
/** A message to the member's ticket, and a paid invoice, every this many idea sets. */
const EVERY = 3;
const WRITERS = 6;
const WEBHOOK_SECRET = 'whsec_skilly_crash';

/**
 * Writers that sign up and write until the server goes away: each member opens a ticket, keeps
 * an idea set and gets a plan of its idea, subscribes through Stripe (checkout, then the signed
 * webhook), and then keeps idea sets, ticks the plan's tasks, writes to the ticket and has
 * invoices paid (webhooks). Each write the server acknowledged is recorded in `acknowledged`.
 */
function writeLoad(url: string, acknowledged: Acknowledged[], serverGone: () => boolean) {
  const ok = (status: number) => status >= 200 && status < 300;
  const must = <A extends { status: number; body?: any }>(what: string, answer: A): A => {
    if (!ok(answer.status)) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer;
  };
  const deliver = async (event: object) => {
    const { body, headers } = signedDelivery(event as never, WEBHOOK_SECRET);
    const response = await fetch(new URL('/api/stripe/webhook', url), { method: 'POST', headers, body });
    return { status: response.status, body: await response.text() as any };
  };
  const writer = async (w: number) => {
    while (!serverGone()) {
      const member = newMember();
      const client = new Client(url);
      const signup = must('signup', await client.post('/api/auth/signup', member));
      const userId = signup.body.user.id as string;
      const mine: Acknowledged = { email: member.email, password: member.password, skills: [], messages: [], completedTasks: [], invoices: [], subscribed: false };
      acknowledged.push(mine);
      const opening = `Writer ${w} asks about ${member.email}`;
      mine.ticketId = must('POST /api/support/tickets', await client.post('/api/support/tickets', { subject: 'A question', message: opening })).body.id;
      mine.messages.push(opening);
      // A plan is made from an idea the member keeps: their first idea set comes first.
      const first = `Writer ${w} first set of ${member.email}`;
      must('POST /api/idea-sets', await client.post('/api/idea-sets', { skill: first, categories: [{ id: 'fiverr', name: 'Fiverr', color: 'green' }], ideas: [idea] }));
      mine.skills.push(first);
      const plan = must('POST /api/plans/generate', await client.post('/api/plans/generate', { ideaTitle: idea.title, ideaDescription: idea.description, category: idea.category, ideaId: idea.id }));
      mine.planId = plan.body.planId;
      const tasks = (must('GET /api/plans/{id}', await client.get(`/api/plans/${mine.planId}`)).body.milestones as { tasks: { id: string }[] }[]).flatMap((m) => m.tasks);
      must('POST /api/stripe/create-checkout-session', await client.post('/api/stripe/create-checkout-session'));
      const ids = { userId, customerId: stripeId('cus'), subscriptionId: stripeId('sub') };
      must('checkout.session.completed webhook', await deliver(checkoutCompleted({ ...ids, email: member.email })));
      mine.subscribed = true;
      for (let n = 0; n < SETS_PER_MEMBER; n++) {
        const skill = `Writer ${w} set ${n} of ${member.email}`;
        must('POST /api/idea-sets', await client.post('/api/idea-sets', { skill, categories: [{ id: 'fiverr', name: 'Fiverr', color: 'green' }], ideas: [idea] }));
        mine.skills.push(skill);
        if (n < tasks.length) {
          must('PATCH /api/tasks/{id}/toggle', await client.request('PATCH', `/api/tasks/${tasks[n].id}/toggle`, { completed: true }));
          mine.completedTasks.push(tasks[n].id);
        }
        if (n % EVERY === 0) {
          const message = `Writer ${w} message ${n} of ${member.email}`;
          must('POST /api/support/tickets/{id}/messages', await client.post(`/api/support/tickets/${mine.ticketId}/messages`, { message }));
          mine.messages.push(message);
          const invoiceId = stripeId('in');
          must('invoice.paid webhook', await deliver(invoicePaid({ ...ids, invoiceId, customerEmail: member.email, customerName: 'Ada Lovelace', amount: 999, currency: 'usd' })));
          mine.invoices.push(invoiceId);
        }
      }
    }
  };
  // A request cut off by the kill throws; one refused while the server was up is a failure.
  return Promise.all(
    Array.from({ length: WRITERS }, (_, w) =>
      writer(w).catch((error) => {
        if (!serverGone()) throw error;
      }),
    ),
  );
}

/** The messages of a ticket thread as the member reads them (a list, or a page of one). */
const threadTexts = (body: unknown): string[] => {
  const messages = (Array.isArray(body) ? body : ((body as { messages?: unknown[] }).messages ?? [])) as { message: string }[];
  return messages.map((m) => m.message);
};

describe('the web server killed with SIGKILL during writes', () => {
  it(`${SERVER_KILLS} kill(s) and restarts: every acknowledged write is in the event store and the read models, and the read models equal a rebuild`, async () => {
    const data = await createProductData();
    const stripe = await startStripeServer();
    const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_skilly_crash', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PRICE_ID: proPriceId, STRIPE_API_URL: stripe.apiUrl };
    try {
      const acknowledged: Acknowledged[] = [];
      const writes = () =>
        acknowledged.reduce((sum, m) => sum + 1 + m.skills.length + m.messages.length + m.completedTasks.length + m.invoices.length + (m.planId ? 1 : 0) + (m.subscribed ? 1 : 0), 0);
      const startServer = async () => {
        const server = startChild('tests/support/server-child.ts', data, { LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', ...stripeEnv });
        const url = (await server.printed(/^listening (\S+)/))[1];
        return { server, url };
      };

      for (let k = 0; k < SERVER_KILLS; k++) {
        const { server, url } = await startServer();
        let gone = false;
        const load = writeLoad(url, acknowledged, () => gone);
        // A write refused while the server is up ends the load: stop waiting for the target then.
        let refused = false;
        load.catch(() => (refused = true));
        const target = writes() + 10 + Math.floor(Math.random() * 40);
        while (writes() < target && !refused) await sleep(20);
        server.process.kill('SIGKILL');
        gone = true;
        await server.exited;
        await load;
      }

      await checkedRounds(SERVER_KILLS, async () => {
        // Restarted: the server serves every acknowledged write.
        const { server, url } = await startServer();
        try {
          for (const member of acknowledged) {
            const client = new Client(url);
            const login = await client.post('/api/auth/login', { email: member.email, password: member.password });
            expect(login.status, member.email).toBe(200);
            const sets = await client.get('/api/idea-sets?limit=20');
            expect(sets.status).toBe(200);
            const shown = (sets.body as { skill: string }[]).map((set) => set.skill);
            for (const skill of member.skills) expect(shown, skill).toContain(skill);
            if (member.ticketId) {
              const thread = await client.get(`/api/support/tickets/${member.ticketId}/messages`);
              expect(thread.status).toBe(200);
              for (const message of member.messages) expect(threadTexts(thread.body), message).toContain(message);
            }
            if (member.planId) {
              const plan = await client.get(`/api/plans/${member.planId}`);
              expect(plan.status).toBe(200);
              const done = (plan.body.milestones as { tasks: { id: string; completed: 'true' | 'false' }[] }[]).flatMap((m) => m.tasks).filter((task) => task.completed === 'true');
              for (const taskId of member.completedTasks) expect(done.map((task) => task.id), taskId).toContain(taskId);
            }
            if (member.subscribed) expect((await client.get('/api/auth/me')).body.role, member.email).toBe('pro');
          }
        } finally {
          await kill(server, 'SIGTERM');
        }

        const services = await data.open();
        try {
          // The event store holds them.
          const events = await services.eventStore.readAll({ after: startOfAll, limit: 1_000_000 });
          const emails = new Set(events.filter((e) => e.type === 'UserRegistered').map((e) => e.data.email));
          const skills = new Set(events.filter((e) => typeof e.data.skill === 'string').map((e) => e.data.skill));
          const messages = new Set(events.filter((e) => e.type === 'TicketMessagePosted' || e.type === 'TicketOpened').map((e) => JSON.stringify(e.data)).join('\n').match(/Writer \d+ (?:asks about|message \d+ of) \S+@example\.com/g));
          const payments = new Set(events.filter((e) => e.type === 'PaymentRecorded').map((e) => (e.data.payment as { paymentId: string }).paymentId));
          const completed = new Set(events.filter((e) => e.type === 'TaskCompleted').map((e) => e.data.taskId));
          for (const member of acknowledged) {
            expect(emails).toContain(member.email);
            for (const skill of member.skills) expect(skills).toContain(skill);
            for (const message of member.messages) expect(messages).toContain(message);
            for (const invoice of member.invoices) expect(payments).toContain(invoice);
            for (const taskId of member.completedTasks) expect(completed).toContain(taskId);
          }

          // And every read model is what a rebuild from that store makes of it.
          await services.runner.catchUpAll();
          const live = await stateChecksums(services.database.db);
          for (const projection of services.runner.projections) await services.runner.rebuild(projection);
          const rebuilt = await stateChecksums(services.database.db);
          expect(rebuilt.events).toBe(live.events);
          expect(live.readModels).toEqual(rebuilt.readModels);
        } finally {
          await services.close();
        }
      });
      details.push(`web server killed ${SERVER_KILLS}x under ${WRITERS} writers, ${writes()} acknowledged writes (sign-ups, idea sets, tickets and messages, plans and ticks, checkouts and paid invoices by webhook)`);
    } finally {
      await stripe.close();
      await data.remove();
    }
  }, TIMEOUT_MS);
});
