import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * Routes are loaded by folder (`backend/infrastructure/http/routes/api/<area>/`) and each
 * folder's autohooks.ts declares who may call its routes. These tests hold the paths and the
 * guards to what they were when every route was registered and guarded by hand.
 */
const routesDir = path.resolve(import.meta.dirname, '../../backend/infrastructure/http/routes/api');

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
    const folders = readdirSync(routesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) {
      const hooks = readFileSync(path.join(routesDir, folder.name, 'autohooks.ts'), 'utf8');
      expect(hooks, folder.name).toMatch(/export default audience\(/);
    }
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
        'GET /api/credits',
        'GET /api/credits/statement',
        'GET /api/idea-sets',
        'POST /api/idea-sets',
        'POST /api/idea-sets/save-pending',
        'POST /api/generate-ideas-stream',
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
