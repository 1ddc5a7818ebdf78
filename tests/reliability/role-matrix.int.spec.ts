import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '../../backend/infrastructure/composition-root';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';
import { registerOpenApi } from '../../backend/infrastructure/http/plugins/openapi';
import { operationsOf, type OpenApiDocument } from './openapi-document';
import { CALLERS, type Caller, matrixGaps, roleMatrix } from './role-matrix';
import { reportPart } from './scale';
import { startOidcTestProvider, type OidcTestProvider } from '../support/oidc-test-provider';

/**
 * Every operation of the OpenAPI document, called as a visitor, a free and a pro member, a
 * moderator and the admin, answers as its row of role-matrix.ts says. The calls are minimal (an
 * empty JSON body, a made-up id in the path), so an operation a caller may use answers its own
 * validation or 404 and changes nothing; this app is the test's own. Google sign-in is set up
 * against a provider run here, so its routes answer as they do in production, not 404.
 */
const admin = { email: 'matrix-admin@example.com', password: 'an admin password for the matrix' };

let t: TestApp;
let provider: OidcTestProvider;
let doc: OpenApiDocument;
const accounts = new Map<Exclude<Caller, 'visitor'>, string>();

beforeAll(async () => {
  provider = await startOidcTestProvider({ redirectUris: ['http://skilly.test/api/auth/google/callback'] });
  t = await startTestApp({
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    PUBLIC_URL: 'http://skilly.test',
    GOOGLE_CLIENT_ID: provider.clientId,
    GOOGLE_CLIENT_SECRET: provider.clientSecret,
    GOOGLE_ISSUER: provider.issuer,
  });
  doc = t.app.swagger() as unknown as OpenApiDocument;
  await bootstrapAdmin(t.services);
  await t.services.runner.catchUpAll();
  const signIn = await new Client(t.url).post('/api/auth/login', admin);
  expect(signIn.status).toBe(200);
  accounts.set('admin', signIn.body.user.id);
  for (const role of ['free', 'pro', 'moderator'] as const) accounts.set(role, await newAccount(role));
  await t.services.runner.catchUpAll();
});

async function newAccount(role: 'free' | 'pro' | 'moderator'): Promise<string> {
  const signUp = await new Client(t.url).post('/api/auth/signup', newMember());
  expect(signUp.status).toBe(201);
  if (role !== 'free') await t.services.identity.changeRole(signUp.body.user.id, role, 'role matrix', { actor: null, requestId: 'role-matrix' });
  return signUp.body.user.id;
}
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** A refusal is its status; anything else the operation answers for itself is `ok`; a 5xx is itself (never in a row). */
function outcomeOf(status: number): string {
  if (status === 401 || status === 403) return String(status);
  return status >= 200 && status < 500 ? 'ok' : String(status);
}

/** The caller's own fresh session for each call: an operation that ends one (signOut) does not end the next call's. */
async function cookieOf(caller: Caller): Promise<Record<string, string>> {
  if (caller === 'visitor') return {};
  // An operation that deleted the caller's account (deleteAccount): the next call is a new account's of the same role.
  const account = await t.services.database.db.selectFrom('users').select('id').where('id', '=', accounts.get(caller)!).executeTakeFirst();
  if (!account && caller !== 'admin') {
    accounts.set(caller, await newAccount(caller));
    await t.services.runner.catchUpAll();
  }
  const { token } = await t.services.identity.startSession(accounts.get(caller)!);
  return { cookie: `skilly_session=${encodeURIComponent(t.app.signCookie(token))}` };
}

describe('the role × operation matrix', () => {
  it('has one row for every operation of the document, and none for an operation it does not have', () => {
    const gaps = matrixGaps(doc);
    expect(gaps.withoutRow, 'operations without a row in role-matrix.ts').toEqual([]);
    expect(gaps.withoutOperation, 'rows without an operation').toEqual([]);
  });

  it('a route added to the app without a row is found by the check above (so a slice cannot forget its row)', async () => {
    const app = Fastify();
    await registerOpenApi(app, { production: false });
    for (const { method, route, operation } of operationsOf(doc)) {
      app.route({ method, url: route.replace(/\{(\w+)\}/g, ':$1'), schema: { operationId: operation.operationId }, handler: async () => ({}) });
    }
    app.get('/api/support/tickets-new', { schema: { operationId: 'listNewTickets' } }, async () => ({}));
    await app.ready();
    const grown = app.swagger() as unknown as OpenApiDocument;
    await app.close();
    expect(matrixGaps(grown)).toEqual({ withoutRow: ['listNewTickets'], withoutOperation: [] });
    const { listIdeaSets: _removed, ...withoutOneRow } = roleMatrix;
    expect(matrixGaps(doc, withoutOneRow)).toEqual({ withoutRow: ['listIdeaSets'], withoutOperation: [] });
  });

  it('every caller gets what its row says from every operation', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    let cases = 0;
    for (const { method, route, operation } of operationsOf(doc)) {
      const row = roleMatrix[operation.operationId ?? ''];
      if (!row) continue;
      const url = route.replace(/\{[^}]+\}/g, () => randomUUID());
      for (const [column, caller] of CALLERS.entries()) {
        // Readiness answers 503 while a projection is behind: the calls before may have appended events.
        await t.services.runner.catchUpAll();
        const answer = await new Client(t.url).request(method, url, operation.requestBody ? {} : undefined, await cookieOf(caller));
        cases += 1;
        const outcome = outcomeOf(answer.status);
        if (outcome !== row[column]) {
          failures.push(`${operation.operationId} (${method} ${route}) as ${caller}: expected ${row[column]}, got ${answer.status} ${answer.text.slice(0, 120)}`);
        }
      }
    }
    reportPart('role matrix', cases, failures.length);
    expect(failures).toEqual([]);
  });
});
