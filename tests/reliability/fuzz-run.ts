import http from 'node:http';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { comparePositions, startOfAll } from '../../backend/application/ports/event-store';
import { openSession } from '../../backend/application/identity/sessions';
import { readAllCheckpoints } from '../../backend/projections/runner/checkpoints';
import { SESSION_COOKIE } from '../../backend/infrastructure/http/plugins/sessions';
import { runMemberExamples } from '../support/slice-examples';
import { stateChecksums, type StateChecksums } from '../support/state-checksum';
import { Client, newMember, type TestApp } from '../support/test-app';
import { fuzzCase, operationsOf, random, type FuzzCase, type Operation } from './fuzz-cases';

/**
 * Issue 27 part 4: malformed and boundary requests generated from the OpenAPI document, for every
 * operation and every role. No answer may be a 5xx (or no answer at all), and a refused request
 * (≥ 400) may change nothing: the checksums of the event store, of every read model and of every
 * plain table (sessions, outbox, inboxes, idempotency keys, contact messages…) are compared after
 * each run of refused requests, against a baseline taken after the last accepted one.
 * The run is here (fuzz.int.spec.ts runs it over every operation; a test may run it over some).
 */

/** Sets up the roles' accounts and sessions on `t` (an app with a scripted idea generator), then fuzzes on demand. */
export async function createFuzzer(t: TestApp) {
  let cookies: Record<string, string | undefined> = {};
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
      if (t.services.product.projections.every((p) => comparePositions(checkpoints.get(p.name) ?? startOfAll, head) >= 0)) break;
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

  async function setUp() {
    // Scripted ideas: the offline generator paces its stream like a model would, seconds a request.
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
  }



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

  /**
   * Real ids to put in path parameters, so a case reaches past "not found": the free member's things
   * made by every slice's examples (`Slice.memberExamples`: a plan, a ticket, a TEST checkout and
   * portal, and whatever a slice adds), a stored picture, and what staff keep (a
   * platform link, a FAQ, a blog post).
   */
  async function knownIds(): Promise<Record<string, string>> {
    const member = new Client(t.url, { cookie: `${SESSION_COOKIE}=${cookies.free}` });
    const examples = await runMemberExamples(t.services.product.slices, member);
    const userId = (await t.services.database.db.selectFrom('users').select('id').where('email', '=', emails.free).executeTakeFirstOrThrow()).id;
    // Billing's example pays its TEST checkout (the portal is Pro's): the free role is fuzzed as free again.
    await t.services.identity.changeRole(userId, 'free', 'fuzzing', { actor: null, requestId: `fuzz-free-${userId}` });
    await t.services.runner.catchUpAll();
    cookies.free = await sessionFor(emails.free);
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
      ...examples.ids,
      emailTemplate: 'password-reset',
      // GET /api/files/{area}/{name}
      area: profilePicture.split('/').at(-2)!,
      name: lastSegment(profilePicture),
      skillyUrl: link.body.id,
      faq: faq.body.id,
      blogPost: blogPost.id,
      slug: blogPost.slug,
      // GET /api/admin/ai-config/versions/{version}: 0, the built-in defaults, always exists.
      version: '0',
    };
  }

  /**
   * `cases` malformed and boundary requests over the operations `only` keeps, cycling through
   * every role; answers the failures (a 5xx or no answer, refused requests that changed state),
   * the statuses seen, the operations and the ids the cases aimed at.
   */
  async function run({ cases, seed, only = () => true }: { cases: number; seed: number; only?: (operation: Operation) => boolean }) {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, any>> };
    const operations = operationsOf(doc).filter(only);
    const roles = Object.keys(cookies);
    const combinations: { operation: Operation; role: string }[] = operations.flatMap((operation) => roles.map((role) => ({ operation, role })));
    let ids = await knownIds();
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

    for (let i = 0; i < cases; i++) {
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
        // Signing out (here or everywhere), or a new password, ends the role's session: open another.
        if (['/api/auth/logout', '/api/user/change-password', '/api/user/sign-out-everywhere'].includes(operation.route) && cookies[role]) {
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

    return { failures, statuses, operations, roles, ids };
  }

  await setUp();
  return { run };
}
