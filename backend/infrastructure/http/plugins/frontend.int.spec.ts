import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageRoutes } from '../../../application/contracts/page-routes';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from '../../../../frontend/build/precompress';
import { registerFrontend } from './frontend';
import { FORM_NOTICE_ID } from '../../../application/contracts/form-posts';
import { NO_SESSION_META } from '../../../application/contracts/session-hint';
import { FORM_NOTICE_COOKIE } from '../form-notice';
import { pageMetaReader } from '../../../application/blog/blog-page-meta';
import { BlogPostNotFound } from '../../../application/blog/blog-posts';
import type { BlogPost } from '../../../application/contracts/blog';

const bigScript = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};`;

let app: ReturnType<typeof Fastify>;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'skilly-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'big-def456.js'), bigScript);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  precompressDir(dist);
  app = Fastify({ logger: false });
  await app.register(cookie, { secret: 'a-test-cookie-secret-of-some-length' });
  // One published post, as the blog answers it; any other slug is no post.
  const blog = {
    async getPublic(slug: string) {
      if (slug !== 'pots-&-pans') throw BlogPostNotFound();
      return { title: 'Pots & <Pans>', excerpt: 'Selling "cookware" online' } as BlogPost;
    },
  };
  await registerFrontend(app, dist, pageMetaReader(blog), 'https://skilly.example');
  await app.ready();
});

describe('serving the built frontend', () => {
  it('answers any page route, GET or HEAD, with index.html that is revalidated', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      for (const url of ['/', '/ideas', '/plan/123?x=1']) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
      }
    }
    expect((await app.inject({ method: 'GET', url: '/ideas' })).body).toContain('<div id="root">');
  });

  it('answers unknown page paths with 404 and the app, so the app shows its 404 page', async () => {
    for (const url of ['/no-such-page', '/ideas/extra/segments', '/blog/a/b', '/dashboardx?x=1']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type']).toMatch(/text\/html/);
      }
      expect((await app.inject({ method: 'GET', url })).body).toContain('<div id="root">');
    }
    // A post nobody can read is a 404 too, with the blog's own "not found" page.
    expect((await app.inject({ method: 'GET', url: '/blog/first-post' })).statusCode).toBe(404);
    for (const url of ['/blog/pots-%26-pans', '/plan/abc', '/ideas-trial', '/ideas/', '/auth?tab=signup', '/reset-password?token=x']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('knows the same page routes as the client router', () => {
    const router = readFileSync(path.join(import.meta.dirname, '../../../../frontend/src/app/router.tsx'), 'utf8');
    const clientRoutes = [...router.matchAll(/path: '([^']+)'/g)].map((m) => m[1]).filter((p) => p !== '*');
    expect([...clientRoutes].sort()).toEqual([...pageRoutes].sort());
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
  });

  it('sends hashed assets precompressed (brotli, else gzip) as the browser accepts, varying on Accept-Encoding', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    expect(Number(br.headers['content-length'])).toBeLessThan(bigScript.length / 2);

    const gz = await app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);

    const plain = await app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(bigScript);

    // index.html is still revalidated on every load.
    const page = await app.inject({ method: 'GET', url: '/ideas', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it("writes each page's own title and one description into its HTML, for visitors and members alike", async () => {
    const headOf = async (url: string, cookies: Record<string, string> = {}) => {
      const html = (await app.inject({ method: 'GET', url, cookies })).body;
      return {
        titles: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]),
        descriptions: [...html.matchAll(/<meta name="description" content="([^"]*)">/g)].map((m) => m[1]),
      };
    };
    expect(await headOf('/faqs')).toEqual({
      titles: ['FAQs and Platforms | Skilly'],
      descriptions: ['Answers to common questions about Skilly, and a directory of platforms where you can turn your skills into income.'],
    });
    expect((await headOf('/company', { skilly_session: 'anything' })).titles).toEqual(['Who We Are | Skilly']);
    expect((await headOf('/plan/abc')).titles).toEqual(['Action Plan | Skilly']);
    expect((await headOf('/no-such-page')).titles).toEqual(['Page Not Found | Skilly']);
    // A blog post's are its own, escaped; a slug with no post says so.
    expect(await headOf('/blog/pots-%26-pans')).toEqual({ titles: ['Pots &amp; &lt;Pans&gt; | Skilly Blog'], descriptions: ['Selling &quot;cookware&quot; online'] });
    expect((await headOf('/blog/gone')).titles).toEqual(['Blog post not found | Skilly']);
  });

  it('tells the app a page was sent without a session cookie, so it does not ask who is signed in', async () => {
    expect((await app.inject({ method: 'GET', url: '/faqs' })).body).toContain(NO_SESSION_META);
    const member = await app.inject({ method: 'GET', url: '/faqs', cookies: { skilly_session: 'anything' } });
    expect(member.body).toContain('<div id="root">');
    expect(member.body).not.toContain(NO_SESSION_META);
  });

  it('shows the notice of a form posted without scripts once, in the next page, and ignores a forged one', async () => {
    const notice = { form: 'resetPassword', message: 'Passwords do not match', intent: 'danger' };
    const signed = app.signCookie(JSON.stringify(notice));
    const page = await app.inject({ method: 'GET', url: '/reset-password?token=abc', cookies: { [FORM_NOTICE_COOKIE]: signed } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<script type="application/json" id="${FORM_NOTICE_ID}">${JSON.stringify(notice)}</script>`);
    // Cleared: a reload shows the plain form.
    expect(page.cookies.find((c: { name: string }) => c.name === FORM_NOTICE_COOKIE)).toMatchObject({ value: '' });

    const forged = await app.inject({
      method: 'GET',
      url: '/reset-password?token=abc',
      cookies: { [FORM_NOTICE_COOKIE]: JSON.stringify({ ...notice, message: 'Call 555-0100 to unlock your account' }) },
    });
    expect(forged.body).not.toContain(FORM_NOTICE_ID);
  });

  it('keeps unknown API paths and non-page methods as JSON 404s', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found' });
    expect((await app.inject({ method: 'POST', url: '/ideas' })).statusCode).toBe(404);
  });
});
