import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApp, type TestApp } from '../support/test-app';

/** README "API conventions": the OpenAPI document is served in development and test, not in production. */
describe('the OpenAPI document', () => {
  let production: TestApp;
  let development: TestApp;
  beforeAll(async () => {
    production = await startTestApp({
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-session-secret-0123456789',
      PUBLIC_URL: 'https://skilly.example',
      PAYMENTS_SIMULATED: 'true',
    });
    development = await startTestApp({ NODE_ENV: 'development' });
  });
  afterAll(async () => Promise.all([production?.close(), development?.close()]));

  it('is not served in production: /api/docs and its JSON are unknown paths', async () => {
    const client = new Client(production.url);
    for (const path of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml']) {
      const answer = await client.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.code, path).toBe('not_found');
    }
    // The API itself is there.
    expect((await client.get('/api/health')).status).toBe(200);
  });

  it('is served in development', async () => {
    const client = new Client(development.url);
    expect((await client.get('/api/docs')).status).toBe(200);
    expect((await client.get('/api/docs/json')).body.paths['/api/auth/me']).toBeDefined();
  });
});
