import Fastify, { type FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerSecurity } from './security';

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  await registerSecurity(app, 'https://skilly.example');
  app.get('/', async (_request, reply) => reply.type('text/html').send('<!doctype html>'));
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.post('/api/things', async () => ({ done: true }));
  await app.ready();
});

const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('security headers', () => {
  it('gives a page the whole policy', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['strict-transport-security']).toContain('max-age=');
    for (const name of DOCUMENT_ONLY) expect(page.headers[name], name).toBeTruthy();
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('gives an API answer the headers a browser applies to any response, the same values as a page', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    for (const name of ['content-security-policy', 'cross-origin-resource-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options']) {
      expect(api.headers[name], name).toBe(page.headers[name]);
    }
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    for (const name of DOCUMENT_ONLY) expect(api.headers[name], name).toBeUndefined();
  });

  it('refuses a state-changing call from another site before any handler, with the headers', async () => {
    const refused = await app.inject({ method: 'POST', url: '/api/things', headers: { origin: 'https://evil.example' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This request came from another site and was refused.', code: 'cross_site_request' });
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    const same = await app.inject({ method: 'POST', url: '/api/things', headers: { origin: 'https://skilly.example' } });
    expect(same.statusCode).toBe(200);
  });

  it('tells a form the browser posts itself from this site (Origin null under no-referrer) from one posted elsewhere', async () => {
    const post = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/things', headers });
    expect((await post({ origin: 'null', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    for (const site of ['cross-site', 'same-site', 'none']) expect((await post({ origin: 'null', 'sec-fetch-site': site })).statusCode, site).toBe(403);
    // A sandboxed frame or an old browser without Fetch Metadata: still refused.
    expect((await post({ origin: 'null' })).statusCode).toBe(403);
  });
});
