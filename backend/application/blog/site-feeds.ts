import type { BlogPost } from '../contracts/blog';
import { fixedPageMetaFor } from '../contracts/page-meta';

/**
 * What makes the site findable (issue 54): the sitemap (sitemaps.org 0.9), robots.txt (RFC 9309)
 * and the blog's Atom feed (RFC 4287), built as text from what the blog service reads. Pure: the
 * routes (`infrastructure/http/routes/site/site-feeds/`) give the posts and the site's address
 * (PUBLIC_URL, without a trailing slash). Every address in them is absolute on that address.
 */

/** The pages a search engine should index (each in the sitemap), besides each public blog post. */
export const indexablePages = ['/', '/faqs', '/blog', '/company', '/contact', '/privacy', '/terms', '/auth', '/ideas-trial'] as const;

/** A blog post's page route (contracts/page-routes.ts): its posts are listed one by one. */
const BLOG_POST_ROUTE = '/blog/:slug';

/** The feed's own path, and how many posts it carries at most (the newest). */
export const BLOG_FEED_PATH = '/blog/feed.xml';
export const BLOG_FEED_SIZE = 50;
export const BLOG_FEED_TITLE = 'Skilly Blog';
/** The feed's `updated` when no post is public yet. */
export const EPOCH = '1970-01-01T00:00:00Z';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const ATOM_NS = 'http://www.w3.org/2005/Atom';

/** A post as the sitemap reads it. */
export type SitemapPost = Pick<BlogPost, 'slug' | 'publishDate' | 'updatedAt'>;
/** A post as the feed reads it. */
export type FeedPost = Pick<BlogPost, 'slug' | 'title' | 'content' | 'excerpt' | 'category' | 'publishDate' | 'createdAt' | 'updatedAt'>;

/** Characters XML 1.0 does not allow anywhere (control characters, lone surrogates, U+FFFE/U+FFFF): dropped. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const XML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe in XML character data and in a double- or single-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => XML_ENTITIES[char]!);
}

/** An instant as a W3C datetime / RFC 3339 timestamp in UTC, to the second (`2026-05-01T09:30:00Z`). */
export function w3cDateTime(iso: string): string {
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * A post's last change as readers see it: its last save, or when it went public if that came
 * later (a scheduled post appears at its publish date, after it was last saved).
 */
export function lastChangeOf(post: Pick<BlogPost, 'publishDate' | 'updatedAt'>): string {
  const updated = new Date(post.updatedAt).getTime();
  const published = post.publishDate ? new Date(post.publishDate).getTime() : Number.NEGATIVE_INFINITY;
  return w3cDateTime(new Date(Math.max(updated, published)).toISOString());
}

/** The absolute address of a path of the site (`/` is the site's own address with a slash). */
export const absoluteUrl = (publicUrl: string, path: string) => `${publicUrl}${path}`;
/** A blog post's page. */
export const blogPostPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/** The sitemap: the indexable pages, then every public post with its last change. */
export function sitemapXml(publicUrl: string, posts: readonly SitemapPost[]): string {
  const url = (path: string, lastmod?: string) =>
    `  <url>\n    <loc>${escapeXml(absoluteUrl(publicUrl, path))}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ''}  </url>\n`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}">\n` +
    indexablePages.map((path) => url(path)).join('') +
    posts.map((post) => url(blogPostPath(post.slug), lastChangeOf(post))).join('') +
    '</urlset>\n'
  );
}

/**
 * The path prefixes of the pages that must not be indexed: every page route (contracts/page-routes.ts)
 * that is neither indexable nor a blog post, a route with a parameter by its first segment
 * (`/plan/:id` → `/plan/`, `/billing/test-checkout/:id` → `/billing/`). A page added to the routes
 * is kept out of search engines until it is listed in `indexablePages`.
 */
export function disallowedPaths(pageRoutes: readonly string[]): string[] {
  const indexable = new Set<string>(indexablePages);
  const paths = pageRoutes
    .filter((route) => !indexable.has(route) && route !== BLOG_POST_ROUTE)
    .map((route) => (route.includes('/:') ? `/${route.split('/')[1]}/` : route));
  // One rule per prefix: a path another one already covers (`/admin/` after `/admin`) is left out.
  const unique = [...new Set(paths)];
  return unique.filter((path) => !unique.some((other) => other !== path && path.startsWith(other)));
}

/**
 * robots.txt: every crawler may read the site but the API and the pages of `disallowedPaths`;
 * an indexable page that one of those prefixes would also match (`/ideas` → `/ideas-trial`) is
 * allowed by name (the longest matching rule wins, RFC 9309 §2.2.2). Then where the sitemap is.
 */
export function robotsTxt(publicUrl: string, pageRoutes: readonly string[]): string {
  const disallowed = ['/api/', ...disallowedPaths(pageRoutes)];
  const allowedByName = indexablePages.filter((page) => page !== '/' && disallowed.some((prefix) => page.startsWith(prefix)));
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    ...allowedByName.map((path) => `Allow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

/** Root-relative image sources (`/api/files/…`, the uploads) made absolute: a feed reader has no page to resolve them against. */
export function withAbsoluteImages(html: string, publicUrl: string): string {
  return html.replace(/(<img\b[^>]*?\ssrc=")\/(?!\/)/gi, (_match, start: string) => `${start}${publicUrl}/`);
}

/** The blog's Atom feed: the posts given (newest first), each with its own page as its id. */
export function blogFeedXml(publicUrl: string, posts: readonly FeedPost[]): string {
  const feedUrl = absoluteUrl(publicUrl, BLOG_FEED_PATH);
  const blogUrl = absoluteUrl(publicUrl, '/blog');
  const changes = posts.map(lastChangeOf).sort();
  const updated = changes.at(-1) ?? EPOCH;
  const subtitle = fixedPageMetaFor('/blog')?.description;
  const entry = (post: FeedPost) => {
    const url = escapeXml(absoluteUrl(publicUrl, blogPostPath(post.slug)));
    return [
      '  <entry>',
      `    <id>${url}</id>`,
      `    <title type="text">${escapeXml(post.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${url}"/>`,
      `    <published>${w3cDateTime(post.publishDate ?? post.createdAt)}</published>`,
      `    <updated>${lastChangeOf(post)}</updated>`,
      ...(post.excerpt ? [`    <summary type="text">${escapeXml(post.excerpt)}</summary>`] : []),
      ...(post.category ? [`    <category term="${escapeXml(post.category)}"/>`] : []),
      `    <content type="html">${escapeXml(withAbsoluteImages(post.content, publicUrl))}</content>`,
      '  </entry>',
      '',
    ].join('\n');
  };
  return (
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<feed xmlns="${ATOM_NS}" xml:lang="en">`,
      `  <id>${escapeXml(feedUrl)}</id>`,
      `  <title type="text">${escapeXml(BLOG_FEED_TITLE)}</title>`,
      ...(subtitle ? [`  <subtitle type="text">${escapeXml(subtitle)}</subtitle>`] : []),
      `  <updated>${updated}</updated>`,
      `  <author><name>Skilly</name><uri>${escapeXml(absoluteUrl(publicUrl, '/'))}</uri></author>`,
      `  <link rel="self" type="application/atom+xml" href="${escapeXml(feedUrl)}"/>`,
      `  <link rel="alternate" type="text/html" href="${escapeXml(blogUrl)}"/>`,
      '',
    ].join('\n') +
    posts.map(entry).join('') +
    '</feed>\n'
  );
}
