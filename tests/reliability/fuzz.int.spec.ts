import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePositions, startOfAll } from '../../backend/application/ports/event-store';
import { openSession } from '../../backend/application/identity/sessions';
import { product } from '../../backend/infrastructure/slices/product-slices';
import { readAllCheckpoints } from '../../backend/projections/runner/checkpoints';
import { SESSION_COOKIE } from '../../backend/infrastructure/http/plugins/sessions';
import { ScriptedIdeaGenerator } from '../support/scripted-idea-generator';
import { stateChecksums, type StateChecksums } from '../support/state-checksum';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';
import { fuzzCase, operationsOf, random, type FuzzCase, type Operation } from './fuzz-cases';
import { reportPart, scale } from './scale';

/**
 * Issue 27 part 4: malformed and boundary requests generated from the OpenAPI document, for every
 * operation and every role. No answer may be a 5xx (or no answer at all), and a refused request
 * (≥ 400) may change nothing: the checksums of the event store, of every read model and of every
 * plain table (sessions, outbox, inboxes, idempotency keys, contact messages…) are compared after
 * each run of refused requests, against a baseline taken after the last accepted one.
 * FUZZ_SEED=<n> replays a run.
 */

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const CASES = scale(1_000, 10_000);

let t: TestApp;
let cookies: Record<string, string | undefined>;
const emails: Record<string, string> = {};

interface Answer {
  status: number;
  text: string;
}

/** Raw HTTP: the bytes, headers and content type exactly as built. */
function send(base: string, request: FuzzCase, cookie: string | undefined): Promise<Answer> {
  return new Promise((resolve) => {
    const url = new URL(base);
    const headers: Record<string, string | number> = { ...request.headers };
    if (cookie) headers.cookie = `${SESSION_COOKIE}=${cookie}`;
    if (request.body) headers['content-length'] = request.body.length;
    let req: http.ClientRequest;
    try {
      req = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent: false, timeout: 30_000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', (error) => resolve({ status: 0, text: `response error: ${error.message}` }));
      });
    } catch (error) {
      // The client itself refused to send it (e.g. a character Node does not allow in a path).
      return resolve({ status: -1, text: String(error) });
    }
    req.on('timeout', () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', (error) => resolve({ status: 0, text: `no answer: ${error.message}` }));
    req.end(request.body);
  });
}

/** A session for a role's account, made directly (sign-in throttles must not get in the way). */
async function sessionFor(email: string): Promise<string> {
  const user = await t.services.database.db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', email).executeTakeFirstOrThrow();
  const token = await openSession(t.services.database.db, user, t.services.clock.now());
  return t.app.signCookie(token);
}

/**
 * The state once every projection has applied every event so far. On the PostgreSQL server an
 * event becomes readable only when no older transaction (of any database on the server) is
 * still open, so catching up once is not enough: wait until each checkpoint reaches the head.
 */
async function settledState(): Promise<StateChecksums> {
  const head = await t.services.eventStore.headPosition();
  for (let i = 0; head && i < 1_200; i++) {
    await t.services.runner.catchUpAll();
    const checkpoints = await readAllCheckpoints(t.services.database.db);
    if (product.projections.every((p) => comparePositions(checkpoints.get(p.name) ?? startOfAll, head) >= 0)) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return checksums();
}

/**
 * Plain tables a refused request writes on purpose: `auth_attempts` counts each failed sign-in
 * and wrong current password, so the throttle can refuse the next ones; `picture_uploads`
 * counts every upload as it starts, refused pictures too (reading them is the work it limits).
 */
const recordsRefusals = new Set(['auth_attempts', 'picture_uploads']);

async function checksums(): Promise<StateChecksums> {
  const state = await stateChecksums(t.services.database.db);
  return { ...state, plainTables: Object.fromEntries(Object.entries(state.plainTables).filter(([table]) => !recordsRefusals.has(table))) };
}

beforeAll(async () => {
  // Scripted ideas: the offline generator paces its stream like a model would, seconds a request.
  t = await startTestApp({}, { ideaGenerator: new ScriptedIdeaGenerator() });
  await t.services.identity.ensureAdmin('admin@example.com', 'admin-password-1', { actor: null, requestId: 'fuzz-admin' });
  emails.admin = 'admin@example.com';
  for (const role of ['free', 'pro', 'moderator'] as const) emails[role] = await newAccount(role);
  for (let i = 0; i < 100; i++) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from users where email = ${emails.admin}`.execute(t.services.database.db);
    if (Number(rows[0].n) > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  cookies = { visitor: undefined };
  for (const role of ['free', 'pro', 'moderator', 'admin']) cookies[role] = await sessionFor(emails[role]);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/** A new account of `role`; answers its email. */
async function newAccount(role: 'free' | 'pro' | 'moderator'): Promise<string> {
  const member = newMember();
  const signup = await new Client(t.url).post('/api/auth/signup', member);
  expect(signup.status).toBe(201);
  if (role !== 'free') {
    const id = signup.body.user.id as string;
    await t.services.identity.changeRole(id, role, 'fuzzing', { actor: null, requestId: `fuzz-${role}` });
  }
  return member.email;
}

/** Real ids (a free member's plan and ticket) to put in path parameters, so a case reaches past "not found". */
async function knownIds(): Promise<Record<string, string>> {
  const member = new Client(t.url, { cookie: `${SESSION_COOKIE}=${cookies.free}` });
  const idea = { id: 'idea-1', title: 'Custom Pet Portraits', subtitle: 'Pet owners pay for a painting', description: 'Paint pets from photos and sell on Fiverr.', category: 'fiverr', industry: 'Art', method: 'Gigs', pricing: '$40-120' };
  const saved = await member.post('/api/idea-sets', { skill: 'Pet painting', categories: [{ id: 'fiverr', name: 'Fiverr', color: 'green' }], ideas: [idea] });
  expect(saved.status).toBe(201);
  const generated = await member.post('/api/plans/generate', { ideaTitle: idea.title, ideaDescription: idea.description, category: 'fiverr', ideaId: idea.id });
  expect(generated.status).toBe(201);
  const planId = generated.body.planId as string;
  const milestone = (await member.get(`/api/plans/${planId}`)).body?.milestones?.find((m: any) => m.tasks?.length);
  const ticket = await member.post('/api/support/tickets', { subject: 'Export fails', message: 'The export button does nothing.' });
  expect(ticket.status).toBe(201);
  // The simulated gateway's TEST checkout and portal sessions of the same member.
  const checkout = await member.post('/api/stripe/create-checkout-session');
  expect(checkout.status).toBe(200);
  const userId = (await t.services.database.db.selectFrom('users').select('id').where('email', '=', emails.free).executeTakeFirstOrThrow()).id;
  const portal = await t.services.paymentGateway.createPortalSession({ userId, customerId: 'sim_cus_fuzz', returnUrl: '/dashboard' });
  const lastSegment = (url: string) => url.split('/').at(-1)!;
  // A stored profile picture, for GET /api/files/{area}/{name}.
  const form = new FormData();
  const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  form.append('profilePicture', new Blob([new Uint8Array(tinyPng)], { type: 'image/png' }), 'me.png');
  const picture = await fetch(new URL('/api/user/upload-profile-picture', t.url), { method: 'POST', body: form, headers: { cookie: `${SESSION_COOKIE}=${cookies.free}` } });
  expect(picture.status).toBe(200);
  const { profilePicture } = (await picture.json()) as { profilePicture: string };
  // A platform link and a FAQ the admin keeps, for /api/admin/skilly-urls/{id} and /api/admin/faqs/{id}.
  const admin = new Client(t.url, { cookie: `${SESSION_COOKIE}=${cookies.admin}` });
  const link = await admin.post('/api/admin/skilly-urls', { platformName: 'Fiverr', category: 'Freelance Marketplaces', url: 'https://www.fiverr.com' });
  expect(link.status).toBe(201);
  const faq = await admin.post('/api/admin/faqs', { question: 'Is it free?', answer: 'Yes, to start.', orderIndex: 1 });
  expect(faq.status).toBe(201);
  // A published blog post, for /api/admin/blog-posts/{id} and /api/blog-posts/{slug}.
  const blogPost = await t.services.blog.create({ userId }, { title: 'Fuzz Post', content: '<p>Hello</p>', status: 'published' });
  return {
    id: planId,
    planId,
    milestoneId: milestone?.id,
    taskId: milestone?.tasks?.[0]?.id,
    ticketId: ticket.body.id,
    emailTemplateId: 'password-reset',
    testCheckoutId: lastSegment(checkout.body.url),
    testPortalId: lastSegment(portal.url),
    // GET /api/files/{area}/{name}
    area: profilePicture.split('/').at(-2)!,
    name: lastSegment(profilePicture),
    platformLinkId: link.body.id,
    faqId: faq.body.id,
    blogPostId: blogPost.id,
    slug: blogPost.slug,
    // GET /api/admin/ai-config/versions/{version}: 0, the built-in defaults, always exists.
    version: '0',
  };
}

describe('schema-driven fuzzing', () => {
  it(`${CASES} malformed and boundary requests: no 5xx, and a refused request changes nothing`, async () => {
    console.log(`[fuzz] seed ${seed} (replay with FUZZ_SEED=${seed})`);
    const doc = t.app.swagger() as { paths: Record<string, Record<string, any>> };
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(10);
    const roles = Object.keys(cookies);
    const combinations: { operation: Operation; role: string }[] = operations.flatMap((operation) => roles.map((role) => ({ operation, role })));
    let ids = await knownIds();
    expect(ids.taskId, 'a generated plan has a task to aim at').toBeTruthy();
    const rng = random(seed);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const describeCase = (role: string, request: FuzzCase, answer: Answer) =>
      `${role} ${request.method} ${request.path.slice(0, 160)} [${request.label}] body ${JSON.stringify((request.body ?? Buffer.alloc(0)).subarray(0, 120).toString())} → ${answer.status} ${answer.text.slice(0, 200)}`;

    let baseline = await settledState();
    let refused: string[] = [];
    const compare = async (context: string) => {
      if (refused.length === 0) return;
      const now = await checksums();
      if (JSON.stringify(now) !== JSON.stringify(baseline)) {
        failures.push(`state changed by refused requests${context} ${JSON.stringify({ before: baseline, after: now })}:\n    ${refused.join('\n    ')}`);
        baseline = await settledState();
      }
      refused = [];
    };

    for (let i = 0; i < CASES; i++) {
      const { operation, role } = combinations[i % combinations.length];
      const request = fuzzCase(operation, rng, ids);
      // A request that may be accepted may change state (a read is not assumed harmless either):
      // the refused ones before it are checked first.
      if (request.mayAccept) await compare('');
      const answer = await send(t.url, request, cookies[role]);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500 || answer.status <= 0) failures.push(describeCase(role, request, answer));
      if (answer.status >= 400) {
        refused.push(describeCase(role, request, answer));
      } else if (answer.status > 0) {
        await compare(` (checked after the accepted ${describeCase(role, request, answer)})`);
        // Signing out, or a new password, ends the role's session: open another.
        if ((operation.route === '/api/auth/logout' || operation.route === '/api/user/change-password') && cookies[role]) {
          cookies[role] = await sessionFor(emails[role]);
        }
        // The account was deleted: the role's next cases are a new account's (and the free member's ids are made again).
        if (operation.route === '/api/user/account' && operation.method === 'DELETE' && role !== 'visitor' && role !== 'admin') {
          emails[role] = await newAccount(role as 'free' | 'pro' | 'moderator');
          await settledState();
          cookies[role] = await sessionFor(emails[role]);
          if (role === 'free') ids = await knownIds();
        }
        baseline = await settledState();
      }
    }
    await compare('');

    reportPart('fuzzing', CASES, failures.length, `seed ${seed}; ${operations.length} operations × ${roles.length} roles; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    if (failures.length) console.log(`[fuzz] seed ${seed}, failures:\n  ${failures.slice(0, 50).join('\n  ')}`);
    expect(failures, `seed ${seed}`).toEqual([]);
  }, scale(240_000, 1_800_000));
});
