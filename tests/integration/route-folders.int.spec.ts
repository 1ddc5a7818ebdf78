import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * Routes are loaded by folder (`backend/infrastructure/http/routes/api/<area>/`, and
 * `routes/site/<area>/` for the few served at the site's root) and each folder's autohooks.ts
 * declares who may call its routes. These tests hold the paths and the guards to what they were
 * when every route was registered and guarded by hand.
 */
const routesDir = path.resolve(import.meta.dirname, '../../backend/infrastructure/http/routes/api');
const siteRoutesDir = path.resolve(import.meta.dirname, '../../backend/infrastructure/http/routes/site');
/** Every route folder of the source tree, under /api and at the root. */
const routeFolders = () =>
  [routesDir, siteRoutesDir].flatMap((dir) =>
    readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => path.join(dir, entry.name)),
  );

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const visitor = () => new Client(t.url);

async function signedIn(role: 'free' | 'moderator') {
  const client = new Client(t.url);
  const signup = await client.post('/api/auth/signup', newMember());
  expect(signup.status).toBe(201);
  if (role !== 'free') {
    await t.services.identity.changeRole(signup.body.user.id, role, 'test', { actor: null, requestId: 'test' });
    await t.services.runner.catchUpAll();
  }
  return client;
}

describe('routes loaded by folder', () => {
  it('every route folder declares its audience in an autohooks.ts', () => {
    const folders = routeFolders();
    expect(folders.length).toBeGreaterThan(0);
    expect(folders.filter((folder) => folder.startsWith(siteRoutesDir + path.sep)).length).toBeGreaterThan(0);
    for (const folder of folders) {
      const hooks = readFileSync(path.join(folder, 'autohooks.ts'), 'utf8');
      expect(hooks, folder).toMatch(/export default audience\(/);
    }
  });

  it('every route folder belongs to exactly one slice (Slice.routeFolders), and every folder a slice names exists', () => {
    const folders = routeFolders();
    const claimed = t.services.product.routeFolders;
    expect([...claimed].sort()).toEqual([...folders].sort());
    expect(new Set(claimed).size).toBe(claimed.length);
  });

  it('serves every API route at its path, and the OpenAPI document lists them all', async () => {
    const doc = (await visitor().get('/api/docs/json')).body as { paths: Record<string, Record<string, unknown>> };
    const listed = Object.entries(doc.paths).flatMap(([route, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${route}`));
    expect(listed).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/ready',
        'GET /api/health/details',
        'GET /api/auth/me',
        'POST /api/auth/login',
        'POST /api/auth/signup',
        'POST /api/auth/logout',
        'POST /api/auth/forgot-password',
        'POST /api/auth/reset-password',
        'GET /api/homepage-content',
        'PUT /api/admin/homepage-content',
        'GET /api/company-content',
        'GET /api/contact-content',
        'POST /api/contact',
        'PUT /api/admin/company-content',
        'POST /api/admin/upload-founder-image',
        'PUT /api/admin/contact-content',
        'GET /api/credits',
        'GET /api/credits/statement',
        'GET /api/idea-sets',
        'POST /api/idea-sets',
        'POST /api/idea-sets/save-pending',
        'POST /api/generate-ideas-stream',
        'GET /api/support/unread-count',
        'GET /api/support/tickets',
        'GET /api/support/tickets/{id}/messages',
        'PATCH /api/support/tickets/{id}/read',
        'POST /api/support/tickets/{id}/messages',
        'POST /api/support/tickets',
        'GET /api/admin/support-tickets',
        'GET /api/admin/support-tickets/{id}/messages',
        'POST /api/admin/support-tickets/{id}/messages',
        'PATCH /api/admin/support-tickets/{id}/status',
        'PATCH /api/admin/support-tickets/{id}',
        'DELETE /api/admin/support-tickets/{id}',
        'POST /api/stripe/create-checkout-session',
        'POST /api/stripe/create-portal-session',
        'POST /api/stripe/webhook',
        'GET /api/admin/stripe-payments',
        'GET /api/admin/stats',
        'GET /api/admin/api-cost',
        'POST /api/admin/backfill-analytics',
        'GET /api/billing/subscription',
        'GET /api/billing/offer',
        'GET /api/stripe/test-checkout/{id}',
        'POST /api/stripe/test-checkout/{id}/pay',
        'GET /api/stripe/test-portal/{id}',
        'POST /api/stripe/test-portal/{id}/cancel-subscription',
        'POST /api/stripe/test-portal/{id}/end-period',
        'GET /api/user/profile',
        'PATCH /api/user/profile',
        'POST /api/user/upload-profile-picture',
        'POST /api/user/change-password',
        'GET /api/files/{area}/{name}',
        'DELETE /api/user/account',
        'GET /api/user/export',
        'GET /api/admin/users',
        'GET /api/admin/users/export',
        'GET /api/admin/users/{id}',
        'PUT /api/admin/users/{id}/role',
        'PATCH /api/admin/users/{id}/toggle-disabled',
        'DELETE /api/admin/users/{id}',
        'GET /api/admin/users/{id}/ideas',
        'GET /api/admin/users/{id}/plans',
        'GET /api/admin/users/{id}/audit',
        'GET /api/admin/email-templates',
        'PATCH /api/admin/email-templates/{id}',
        'GET /api/admin/emails',
        'POST /api/admin/users/{id}/reset-data',
        'POST /api/admin/cleanup-user-content',
        'GET /api/skilly-urls',
        'GET /api/admin/skilly-urls',
        'POST /api/admin/skilly-urls',
        'PUT /api/admin/skilly-urls/{id}',
        'DELETE /api/admin/skilly-urls/{id}',
        'GET /api/faqs',
        'GET /api/admin/faqs',
        'POST /api/admin/faqs',
        'PATCH /api/admin/faqs/{id}',
        'DELETE /api/admin/faqs/{id}',
        'GET /api/blog-posts',
        'GET /api/blog-posts/{slug}',
        'GET /api/admin/blog-posts',
        'POST /api/admin/blog-posts',
        'PATCH /api/admin/blog-posts/{id}',
        'DELETE /api/admin/blog-posts/{id}',
        'POST /api/admin/blog-images/upload',
        'GET /api/admin/ai-config',
        'POST /api/admin/ai-config',
        'GET /api/admin/ai-config/versions',
        'GET /api/admin/ai-config/versions/{version}',
        'POST /api/admin/ai-config/versions/{version}/restore',
        'POST /api/admin/ai-config/preview',
        'GET /api/admin/idea-sets',
      ]),
    );
    expect((await visitor().get('/api/health')).status).toBe(200);
    expect((await visitor().get('/api/homepage-content')).status).toBe(200);
    expect((await visitor().get('/api/auth/me')).status).toBe(401);
  });

  it('a members-only or admin-only folder refuses a visitor (401) before looking at the body', async () => {
    const bad = { skill: 42, content: 'not an object' };
    expect((await visitor().get('/api/credits')).status).toBe(401);
    expect((await visitor().get('/api/credits/statement')).status).toBe(401);
    expect((await visitor().get('/api/idea-sets?limit=oops')).status).toBe(401);
    expect((await visitor().post('/api/idea-sets', bad)).status).toBe(401);
    expect((await visitor().post('/api/idea-sets/save-pending', bad)).status).toBe(401);
    expect((await visitor().get('/api/health/details')).status).toBe(401);
    const admin = await visitor().put('/api/admin/homepage-content', bad);
    expect(admin.status).toBe(401);
    expect(admin.body.code).toBe('unauthenticated');
  });

  it('staff are refused (403) by the member folders, members by the admin folder, whatever the body', async () => {
    const bad = { skill: 42, content: 'not an object' };
    const moderator = await signedIn('moderator');
    expect((await moderator.get('/api/credits')).status).toBe(403);
    expect((await moderator.post('/api/idea-sets', bad)).status).toBe(403);
    expect((await moderator.post('/api/generate-ideas-stream', bad)).status).toBe(403);
    const member = await signedIn('free');
    expect((await member.get('/api/health/details')).status).toBe(403);
    expect((await member.put('/api/admin/homepage-content', bad)).status).toBe(403);
    // The member folders let a member through to validation.
    expect((await member.post('/api/idea-sets', bad)).status).toBe(400);
    expect((await member.get('/api/credits')).status).toBe(200);
  });

  it('a folder guard stays in its folder: a visitor may start a trial and read the public routes', async () => {
    expect((await visitor().post('/api/generate-ideas-stream', { skill: 42 })).status).toBe(400);
    expect((await visitor().get('/api/ready')).status).toBeLessThan(600);
    expect((await visitor().post('/api/auth/login', { email: 'x' })).status).toBe(400);
  });
});

describe('a folder\'s audience is checked before the body is read', () => {
  /** The request body a visitor might send that the server cannot read: not JSON, or not a type it parses. */
  const unreadable = [
    { contentType: 'application/json', body: '{"not json' },
    { contentType: 'application/xml', body: '<ideas/>' },
  ];
  const withBody = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  /** Every route with a body whose folder admits `who` not, path parameters filled with a stand-in. */
  function refusing(who: 'visitor' | 'free') {
    const routes = [...t.app.routeAudiences].filter(([route, allowed]) => withBody.has(route.split(' ')[0]) && !allowed.includes(who));
    return routes.map(([route]) => {
      const [method, url] = route.split(' ');
      return { method, url: url.replace(/:[A-Za-z]+/g, 'some-id') };
    });
  }
  async function send(client: Client | null, method: string, url: string, contentType: string, body: string) {
    const headers: Record<string, string> = { 'content-type': contentType };
    if (client?.sessionCookie) headers.cookie = `skilly_session=${client.sessionCookie}`;
    const response = await fetch(new URL(url, t.url), { method, headers, body });
    return { status: response.status, body: await response.json().catch(() => undefined) };
  }

  it('every documented route has a declared audience', async () => {
    const doc = (await visitor().get('/api/docs/json')).body as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([route, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${route.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.filter((route) => !t.app.routeAudiences.has(route))).toEqual([]);
  });

  it('a visitor sending an unreadable body to a member or admin route is told to sign in (401), never 400 or 415', async () => {
    const routes = refusing('visitor');
    expect(routes.length).toBeGreaterThan(5);
    const answers: string[] = [];
    for (const { method, url } of routes) {
      for (const { contentType, body } of unreadable) {
        const answer = await send(null, method, url, contentType, body);
        if (answer.status !== 401 || answer.body?.code !== 'unauthenticated') answers.push(`${method} ${url} (${contentType}): ${answer.status}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('a free member sending an unreadable body to an admin route is refused (403), never 400 or 415', async () => {
    const member = await signedIn('free');
    const routes = refusing('free');
    expect(routes.map((r) => r.url)).toContain('/api/admin/homepage-content');
    const answers: string[] = [];
    for (const { method, url } of routes) {
      for (const { contentType, body } of unreadable) {
        const answer = await send(member, method, url, contentType, body);
        if (answer.status !== 403 || answer.body?.code !== 'forbidden') answers.push(`${method} ${url} (${contentType}): ${answer.status}`);
      }
    }
    expect(answers).toEqual([]);
  });
});
