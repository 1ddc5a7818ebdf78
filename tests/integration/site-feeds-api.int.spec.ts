import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMember } from '../support/member-data';
import { MovableClock } from '../support/movable-clock';
import { ATOM_NS, atomProblems, isRfc3339, isW3cDateTime, parseXml, robotsAllows, SITEMAP_NS, sitemapProblems } from '../support/site-feed-formats';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * Findable (issue 54): /sitemap.xml, /robots.txt and /blog/feed.xml through real HTTP on a real
 * database, with posts made through the admin API: a published one, a draft and a scheduled one
 * (its date to come), so only what GET /api/blog-posts shows visitors is listed.
 */

const SITE = 'https://skilly.example';
const DAY_MS = 24 * 60 * 60 * 1000;
const FIXED_PAGES = ['/', '/faqs', '/blog', '/company', '/contact', '/privacy', '/terms', '/auth', '/ideas-trial'];

const clock = new MovableClock();
let t: TestApp;
let admin: Awaited<ReturnType<typeof staffMember>>;
type Post = { id: string; slug: string; title: string; content: string; publishDate: string | null; updatedAt: string; createdAt: string };
let published: Post;
let older: Post;
let draft: Post;
let scheduled: Post;

const TRICKY_TITLE = `Tom & Jerry's "<Pottery>" Guide`;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: SITE }, { clock });
  admin = await staffMember(t, 'admin');
  const create = async (fields: Record<string, unknown>) => {
    const answer = await admin.client.post('/api/admin/blog-posts', { content: '<p>Start with one mug.</p>', ...fields });
    expect(answer.status, answer.text).toBe(201);
    return answer.body as Post;
  };
  older = await create({ title: 'An Older Post', status: 'published', publishDate: new Date(clock.now().getTime() - 10 * DAY_MS).toISOString() });
  published = await create({
    title: TRICKY_TITLE,
    status: 'published',
    excerpt: 'Mugs & bowls <for> beginners',
    category: 'Crafts & Co',
    // Long enough that the feed is compressed (above 1 KB).
    content: `<p>One &amp; two <strong>mugs</strong></p><img src="/api/files/blog/mug.png" alt="A mug">${'<p>Glaze, fire, sell.</p>'.repeat(60)}`,
  });
  draft = await create({ title: 'A Draft Nobody Sees', status: 'draft' });
  scheduled = await create({ title: 'Coming Next Week', status: 'scheduled', publishDate: new Date(clock.now().getTime() + 7 * DAY_MS).toISOString() });
});
afterAll(async () => t?.close());

const visitor = () => new Client(t.url);
const locs = (doc: Document) => [...doc.getElementsByTagNameNS(SITEMAP_NS, 'url')].map((url) => ({
  loc: url.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]!.textContent!,
  lastmod: url.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent ?? null,
}));
const toSecond = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
const atom = (el: Element, name: string) => [...el.children].filter((c) => c.namespaceURI === ATOM_NS && c.localName === name);
const publicSlugs = async () => ((await visitor().get('/api/blog-posts')).body as Post[]).map((post) => post.slug);

describe('GET /sitemap.xml', () => {
  it('is a valid sitemap of the public pages and the published posts, absolute on PUBLIC_URL, cacheable', async () => {
    const answer = await visitor().get('/sitemap.xml');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    const doc = parseXml(answer.text);
    expect(doc.documentElement.namespaceURI).toBe(SITEMAP_NS);
    expect(sitemapProblems(doc, SITE)).toEqual([]);

    const urls = locs(doc);
    expect(urls.filter((url) => !url.loc.startsWith(`${SITE}/blog/`))).toEqual(FIXED_PAGES.map((page) => ({ loc: `${SITE}${page}`, lastmod: null })));
    // The published post, with its last change as a W3C datetime.
    const post = urls.find((url) => url.loc === `${SITE}/blog/${published.slug}`);
    expect(post?.lastmod).toBe(toSecond(published.updatedAt));
    expect(isW3cDateTime(post!.lastmod!)).toBe(true);
  });

  it('lists exactly the posts GET /api/blog-posts shows: never the draft or the post scheduled for later', async () => {
    const blogLocs = locs(parseXml((await visitor().get('/sitemap.xml')).text)).filter((url) => url.loc.startsWith(`${SITE}/blog/`)).map((url) => url.loc);
    expect(blogLocs).toEqual((await publicSlugs()).map((slug) => `${SITE}/blog/${slug}`));
    expect(blogLocs).toEqual(expect.arrayContaining([`${SITE}/blog/${published.slug}`, `${SITE}/blog/${older.slug}`]));
    expect(blogLocs).not.toContain(`${SITE}/blog/${draft.slug}`);
    expect(blogLocs).not.toContain(`${SITE}/blog/${scheduled.slug}`);
  });

  it('answers HEAD with the same headers and no body, and a signed-in member the same sitemap', async () => {
    const head = await fetch(new URL('/sitemap.xml', t.url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(head.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await head.text()).toBe('');
    const member = new Client(t.url);
    expect((await member.post('/api/auth/signup', newMember())).status).toBe(201);
    expect((await member.get('/sitemap.xml')).text).toBe((await visitor().get('/sitemap.xml')).text);
  });
});

describe('GET /robots.txt', () => {
  it('lets crawlers in but the API and the member pages, and names the sitemap', async () => {
    const answer = await visitor().get('/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    const lines = answer.text.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /api/', `Sitemap: ${SITE}/sitemap.xml`]));
    for (const page of [...FIXED_PAGES, `/blog/${published.slug}`, '/blog/feed.xml']) expect(robotsAllows(answer.text, page), page).toBe(true);
    for (const page of ['/api/blog-posts', '/dashboard', '/ideas', '/plans', '/plan/abc', '/profile', '/support', '/upsell', '/generating', '/billing/test-checkout/x', '/reset-password', '/confirm-email', '/restore-email']) {
      expect(robotsAllows(answer.text, page), page).toBe(false);
    }
    const head = await fetch(new URL('/robots.txt', t.url), { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, 'text/plain; charset=utf-8', '']);
  });
});

describe('GET /blog/feed.xml', () => {
  it('is a valid Atom feed of the published posts, newest first, everything escaped', async () => {
    const answer = await visitor().get('/blog/feed.xml');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    const doc = parseXml(answer.text);
    expect(atomProblems(doc)).toEqual([]);

    const feed = doc.documentElement;
    expect(atom(feed, 'id')[0].textContent).toBe(`${SITE}/blog/feed.xml`);
    expect(atom(feed, 'title')[0].textContent).toBe('Skilly Blog');
    expect(atom(atom(feed, 'author')[0], 'name')[0].textContent).toBe('Skilly');
    expect(atom(feed, 'link').map((link) => [link.getAttribute('rel'), link.getAttribute('href')])).toEqual([
      ['self', `${SITE}/blog/feed.xml`],
      ['alternate', `${SITE}/blog`],
    ]);
    expect(atom(feed, 'link')[0].getAttribute('type')).toBe('application/atom+xml');

    const entries = atom(feed, 'entry');
    const ids = entries.map((entry) => atom(entry, 'id')[0].textContent);
    // Newest publish date first, the same posts as the public list.
    expect(ids).toEqual((await publicSlugs()).map((slug) => `${SITE}/blog/${slug}`));
    expect(ids.indexOf(`${SITE}/blog/${published.slug}`)).toBeLessThan(ids.indexOf(`${SITE}/blog/${older.slug}`));
    expect(ids).not.toContain(`${SITE}/blog/${draft.slug}`);
    expect(ids).not.toContain(`${SITE}/blog/${scheduled.slug}`);

    const entry = entries[ids.indexOf(`${SITE}/blog/${published.slug}`)];
    expect(atom(entry, 'title')[0].textContent).toBe(TRICKY_TITLE);
    expect(atom(entry, 'link')[0].getAttribute('href')).toBe(`${SITE}/blog/${published.slug}`);
    expect(atom(entry, 'summary')[0].textContent).toBe('Mugs & bowls <for> beginners');
    expect(atom(entry, 'category')[0].getAttribute('term')).toBe('CRAFTS & CO');
    expect(atom(entry, 'published')[0].textContent).toBe(toSecond(published.publishDate!));
    expect(atom(entry, 'updated')[0].textContent).toBe(toSecond(published.updatedAt));
    const content = atom(entry, 'content')[0];
    expect(content.getAttribute('type')).toBe('html');
    // The stored (sanitised) HTML, its upload's address absolute.
    const stored = (await visitor().get(`/api/blog-posts/${published.slug}`)).body.content as string;
    expect(content.textContent).toBe(stored.replace('src="/api/files/', `src="${SITE}/api/files/`));
    expect(content.textContent).toContain('<strong>mugs</strong>');
    // The older post has neither excerpt nor category.
    const olderEntry = entries[ids.indexOf(`${SITE}/blog/${older.slug}`)];
    expect(atom(olderEntry, 'summary')).toHaveLength(0);
    expect(atom(olderEntry, 'category')).toHaveLength(0);

    // The feed's updated is its newest change.
    const updated = atom(feed, 'updated')[0].textContent!;
    expect(isRfc3339(updated)).toBe(true);
    expect(updated).toBe(entries.map((e) => atom(e, 'updated')[0].textContent!).sort().at(-1));
  });

  it('is compressed for a client that accepts it', async () => {
    const gzipped = await new Promise<{ encoding: unknown; body: Buffer }>((resolve, reject) => {
      const req = request(new URL('/blog/feed.xml', t.url), { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(gzipped.encoding).toBe('gzip');
    expect(atomProblems(parseXml(gunzipSync(gzipped.body).toString('utf8')))).toEqual([]);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const head = await fetch(new URL('/blog/feed.xml', t.url), { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), head.headers.get('cache-control'), await head.text()]).toEqual([
      200,
      'application/atom+xml; charset=utf-8',
      'public, max-age=300',
      '',
    ]);
  });
});

describe('a scheduled post whose time has come', () => {
  it('appears in the sitemap and first in the feed, its last change its publish date', async () => {
    expect(await publicSlugs()).not.toContain(scheduled.slug);
    clock.moveBy(8 * DAY_MS);
    try {
      expect((await publicSlugs())[0]).toBe(scheduled.slug);
      const sitemap = locs(parseXml((await visitor().get('/sitemap.xml')).text));
      expect(sitemap.find((url) => url.loc === `${SITE}/blog/${scheduled.slug}`)?.lastmod).toBe(toSecond(scheduled.publishDate!));
      const feed = parseXml((await visitor().get('/blog/feed.xml')).text);
      expect(atomProblems(feed)).toEqual([]);
      const first = atom(feed.documentElement, 'entry')[0];
      expect(atom(first, 'id')[0].textContent).toBe(`${SITE}/blog/${scheduled.slug}`);
      expect(atom(first, 'updated')[0].textContent).toBe(toSecond(scheduled.publishDate!));
      expect(atom(feed.documentElement, 'updated')[0].textContent).toBe(toSecond(scheduled.publishDate!));
      // The draft never does.
      expect((await visitor().get('/sitemap.xml')).text).not.toContain(draft.slug);
    } finally {
      clock.reset();
    }
  });
});
