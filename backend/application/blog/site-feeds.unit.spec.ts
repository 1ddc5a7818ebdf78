import { describe, expect, it } from 'vitest';
import { pageRoutes } from '../contracts/page-routes';
import {
  BLOG_FEED_TITLE,
  blogFeedXml,
  disallowedPaths,
  EPOCH,
  escapeXml,
  indexablePages,
  lastChangeOf,
  robotsTxt,
  sitemapXml,
  withAbsoluteImages,
  type FeedPost,
} from './site-feeds';
import { ATOM_NS, atomProblems, parseXml, robotsAllows, SITEMAP_NS, sitemapProblems } from '../../../tests/support/site-feed-formats';

const SITE = 'https://skilly.example';

const post = (fields: Partial<FeedPost> = {}): FeedPost => ({
  slug: 'selling-pottery',
  title: 'Selling Pottery',
  content: '<p>Start with one mug.</p>',
  excerpt: '',
  category: '',
  publishDate: '2026-03-01T10:00:00.000Z',
  createdAt: '2026-02-28T09:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...fields,
});

const ns = (doc: Document, name: string, namespace = ATOM_NS) => [...doc.getElementsByTagNameNS(namespace, name)];
const entries = (doc: Document) => ns(doc, 'entry');
const child = (el: Element, name: string) => [...el.children].find((c) => c.namespaceURI === ATOM_NS && c.localName === name);

describe('escapeXml', () => {
  it('escapes the five markup characters and drops what XML 1.0 does not allow', () => {
    expect(escapeXml(`Tom & Jerry's "<Guide>"`)).toBe('Tom &amp; Jerry&apos;s &quot;&lt;Guide&gt;&quot;');
    expect(escapeXml('a\u0000b\u0008c\uFFFEd\uD800e\tf\ng😀')).toBe('abcde\tf\ng😀');
    // Escaped once only: an entity in the text stays text.
    expect(parseXml(`<t a="${escapeXml(`&amp; "x" 'y'`)}">${escapeXml('&amp; <b>')}</t>`).documentElement.textContent).toBe('&amp; <b>');
  });
});

describe('lastChangeOf', () => {
  it('is the last save, or the publish date when the post went public after it (to the second, UTC)', () => {
    expect(lastChangeOf({ publishDate: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-05T08:30:15.123Z' })).toBe('2026-03-05T08:30:15Z');
    expect(lastChangeOf({ publishDate: '2026-03-09T00:00:00.000Z', updatedAt: '2026-03-05T08:30:15.123Z' })).toBe('2026-03-09T00:00:00Z');
    expect(lastChangeOf({ publishDate: null, updatedAt: '2026-03-05T08:30:15.000+02:00' })).toBe('2026-03-05T06:30:15Z');
  });
});

describe('sitemapXml', () => {
  it('lists the indexable pages and each post, absolute on the site, posts with their last change', () => {
    const xml = sitemapXml(SITE, [
      { slug: 'first-post', publishDate: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-02T11:00:00.000Z' },
      { slug: 'second-post', publishDate: '2026-03-03T10:00:00.000Z', updatedAt: '2026-03-01T11:00:00.000Z' },
    ]);
    const doc = parseXml(xml);
    expect(sitemapProblems(doc, SITE)).toEqual([]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const urls = ns(doc, 'url', SITEMAP_NS).map((url) => ({
      loc: url.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]?.textContent,
      lastmod: url.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent,
    }));
    expect(urls).toEqual([
      ...indexablePages.map((page) => ({ loc: `${SITE}${page}`, lastmod: undefined })),
      { loc: `${SITE}/blog/first-post`, lastmod: '2026-03-02T11:00:00Z' },
      { loc: `${SITE}/blog/second-post`, lastmod: '2026-03-03T10:00:00Z' },
    ]);
    expect(urls[0].loc).toBe('https://skilly.example/');
  });

  it('keeps a path in the site address, and is valid with no post', () => {
    const doc = parseXml(sitemapXml('https://example.org/skilly', []));
    expect(sitemapProblems(doc, 'https://example.org/skilly')).toEqual([]);
    expect(ns(doc, 'loc', SITEMAP_NS).map((loc) => loc.textContent)).toContain('https://example.org/skilly/faqs');
    expect(ns(doc, 'url', SITEMAP_NS)).toHaveLength(indexablePages.length);
  });

  it('the check finds a sitemap that breaks the format (it can fail)', () => {
    const broken = sitemapXml(SITE, [{ slug: 'p', publishDate: null, updatedAt: '2026-03-01T10:00:00.000Z' }])
      .replace('<loc>https://skilly.example/faqs</loc>', '<loc>/faqs</loc>')
      .replace('2026-03-01T10:00:00Z', '1 March 2026');
    expect(sitemapProblems(parseXml(broken), SITE)).toEqual(['loc /faqs is not an absolute http(s) URL', `${SITE}/blog/p: lastmod 1 March 2026 is not a W3C datetime`]);
    expect(sitemapProblems(parseXml('<urlset xmlns="http://www.google.com/schemas/sitemap/0.84"/>'), SITE)).toHaveLength(1);
    expect(() => parseXml(sitemapXml(SITE, []).replace('</urlset>', ''))).toThrow();
  });
});

describe('robots.txt', () => {
  const robots = robotsTxt(SITE, pageRoutes);

  it('allows every crawler the indexable pages and the posts, names the sitemap', () => {
    expect(robots.split('\n').slice(0, 3)).toEqual(['User-agent: *', 'Allow: /', 'Disallow: /api/']);
    expect(robots).toContain(`\nSitemap: ${SITE}/sitemap.xml\n`);
    for (const page of [...indexablePages, '/blog/selling-pottery', '/auth?tab=signup', '/blog/feed.xml', '/sitemap.xml']) {
      expect(robotsAllows(robots, page), page).toBe(true);
    }
  });

  it('keeps crawlers out of the API and of every member, staff and one-off page', () => {
    for (const path of [
      '/api/blog-posts',
      '/api/files/blog/a.png',
      '/dashboard',
      '/generating',
      '/ideas',
      '/plans',
      '/plan/3f1c',
      '/upsell',
      '/profile',
      '/support',
      '/reset-password?token=x',
      '/confirm-email',
      '/restore-email',
      '/billing/test-checkout/cs_1',
      '/billing/test-portal/p_1',
    ]) {
      expect(robotsAllows(robots, path), path).toBe(false);
    }
    // `/ideas` would also match `/ideas-trial`: allowed by name (the longer rule wins).
    expect(robots).toContain('Disallow: /ideas\n');
    expect(robots).toContain('Allow: /ideas-trial\n');
  });

  it('disallows any page route that is not listed as indexable (a new member page is kept out by default)', () => {
    expect(disallowedPaths(['/', '/blog', '/blog/:slug', '/admin', '/admin/users/:id', '/billing/test-checkout/:id', '/billing/test-portal/:id'])).toEqual([
      '/admin',
      '/billing/',
    ]);
    for (const route of pageRoutes) {
      const sample = route.replace(/:[a-zA-Z]+/g, 'x');
      const indexable = (indexablePages as readonly string[]).includes(route) || route === '/blog/:slug';
      expect(robotsAllows(robots, sample), route).toBe(indexable);
    }
  });
});

describe('blogFeedXml', () => {
  const tricky = post({
    slug: 'tom-jerry',
    title: `Tom & Jerry's "<Guide>"`,
    excerpt: 'Cats & mice <3',
    category: 'R&D "LAB"',
    content: '<p>One &amp; two <strong>bold</strong></p><img src="/api/files/blog/a.png" alt="A"><img src="https://cdn.example/b.png" alt="B">',
    publishDate: '2026-03-04T10:00:00.000Z',
    createdAt: '2026-03-04T09:00:00.000Z',
    updatedAt: '2026-03-06T12:00:00.000Z',
  });
  const plain = post();

  it('is a valid Atom feed: its id, title, updated, author and links', () => {
    const doc = parseXml(blogFeedXml(SITE, [tricky, plain]));
    expect(atomProblems(doc)).toEqual([]);
    const feed = doc.documentElement;
    expect(child(feed, 'id')?.textContent).toBe(`${SITE}/blog/feed.xml`);
    expect(child(feed, 'title')?.textContent).toBe(BLOG_FEED_TITLE);
    expect(child(feed, 'updated')?.textContent).toBe('2026-03-06T12:00:00Z');
    expect(child(child(feed, 'author')!, 'name')?.textContent).toBe('Skilly');
    const links = [...feed.children].filter((el) => el.localName === 'link').map((el) => [el.getAttribute('rel'), el.getAttribute('type'), el.getAttribute('href')]);
    expect(links).toEqual([
      ['self', 'application/atom+xml', `${SITE}/blog/feed.xml`],
      ['alternate', 'text/html', `${SITE}/blog`],
    ]);
  });

  it('gives each post its page as id and link, its dates, summary, category and HTML content, all escaped', () => {
    const doc = parseXml(blogFeedXml(SITE, [tricky, plain]));
    const [first, second] = entries(doc);
    expect(child(first, 'id')?.textContent).toBe(`${SITE}/blog/tom-jerry`);
    expect(child(first, 'title')?.textContent).toBe(`Tom & Jerry's "<Guide>"`);
    expect(child(first, 'link')?.getAttribute('href')).toBe(`${SITE}/blog/tom-jerry`);
    expect(child(first, 'published')?.textContent).toBe('2026-03-04T10:00:00Z');
    expect(child(first, 'updated')?.textContent).toBe('2026-03-06T12:00:00Z');
    expect(child(first, 'summary')?.textContent).toBe('Cats & mice <3');
    expect(child(first, 'category')?.getAttribute('term')).toBe('R&D "LAB"');
    const content = child(first, 'content')!;
    expect(content.getAttribute('type')).toBe('html');
    expect(content.children).toHaveLength(0);
    // The stored HTML itself, its uploads' addresses made absolute for a reader with no page to resolve them.
    expect(content.textContent).toBe(
      '<p>One &amp; two <strong>bold</strong></p><img src="https://skilly.example/api/files/blog/a.png" alt="A"><img src="https://cdn.example/b.png" alt="B">',
    );
    // No excerpt, no category: no summary, no category element.
    expect(child(second, 'summary')).toBeUndefined();
    expect(child(second, 'category')).toBeUndefined();
    expect(child(second, 'id')?.textContent).toBe(`${SITE}/blog/selling-pottery`);
  });

  it('with no post is still a valid feed, updated at the epoch', () => {
    const doc = parseXml(blogFeedXml(SITE, []));
    expect(atomProblems(doc)).toEqual([]);
    expect(entries(doc)).toHaveLength(0);
    expect(child(doc.documentElement, 'updated')?.textContent).toBe(EPOCH);
  });

  it('the check finds a feed that breaks RFC 4287 (it can fail)', () => {
    const xml = blogFeedXml(SITE, [plain]);
    const broken = xml
      .replace(/ {2}<updated>[^<]*<\/updated>\n/, '')
      .replace(`<id>${SITE}/blog/selling-pottery</id>`, '<id>selling-pottery</id>')
      .replace(/<author>.*<\/author>/, '');
    expect(atomProblems(parseXml(broken))).toEqual([
      'feed has 0 updated elements (exactly one is required)',
      'feed: updated  is not an RFC 3339 date-time',
      'the feed has no author and an entry has none either',
      'entry 1: id selling-pottery is not an absolute IRI',
    ]);
  });
});

describe('withAbsoluteImages', () => {
  it('makes root-relative image sources absolute, nothing else', () => {
    expect(withAbsoluteImages('<p><a href="/faqs">/x</a></p><img alt="a" src="/api/files/blog/a.png"><img src="//evil/x"><img src="https://c/x">', SITE)).toBe(
      '<p><a href="/faqs">/x</a></p><img alt="a" src="https://skilly.example/api/files/blog/a.png"><img src="//evil/x"><img src="https://c/x">',
    );
  });
});
