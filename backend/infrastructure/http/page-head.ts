import { blogPostSchema } from '../../application/contracts/blog';
import { faqListSchema } from '../../application/contracts/faqs';
import { blogPostNotFoundMeta, type PageMeta } from '../../application/contracts/page-meta';
import { BLOG_FEED_PATH, BLOG_FEED_TITLE, indexablePages } from '../../application/blog/site-feeds';

const SITE_NAME = 'Skilly';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** JSON for a `<script type="application/ld+json">`: `<` escaped so it can never close its element. */
const jsonScript = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** An address of this site, absolute (a post's image may be `/api/files/…`). */
const absolute = (publicUrl: string, pathOrUrl: string) => new URL(pathOrUrl, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).href;

/** Text of sanitised HTML (an FAQ answer is plain text already; a post's excerpt too). */
const plain = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

export interface PageHeadInput {
  /** The page's route (contracts/page-routes.ts), '*' for the 404 page. */
  route: string;
  /** The path the page was asked for (a post's canonical address is its own). */
  pathname: string;
  meta: PageMeta;
  /** What the page's API reads answered (`pageReadsOf`), when the server read them. */
  answers: Readonly<Record<string, unknown>>;
  /** The site's public origin (config PUBLIC_URL). */
  publicUrl: string;
}

/**
 * The head tags a search engine and a link preview read, beside the page's title and description
 * (contracts/page-meta.ts): the canonical address, Open Graph and Twitter card tags (a post's
 * featured image and excerpt), the blog feed's discovery link, and structured data where it fits
 * (schema.org: a post as a BlogPosting, /faqs as an FAQPage, the landing as the WebSite). A page
 * that is not indexable (../../application/blog/site-feeds.ts `indexablePages`: the 404 page, the
 * member pages, a post nobody can read) is marked noindex instead of canonical.
 */
export function pageHeadTags({ route, pathname, meta, answers, publicUrl }: PageHeadInput): string {
  const url = absolute(publicUrl, pathname === '/' ? '/' : pathname.replace(/\/$/, ''));
  const tags: string[] = [];
  const indexable = route === '/blog/:slug' ? meta !== blogPostNotFoundMeta : (indexablePages as readonly string[]).includes(route);
  if (!indexable) tags.push('<meta name="robots" content="noindex">');
  else tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
  tags.push(`<link rel="alternate" type="application/atom+xml" title="${BLOG_FEED_TITLE}" href="${BLOG_FEED_PATH}">`);

  const post = route === '/blog/:slug' ? blogPostSchema.nullable().safeParse(Object.values(answers)[0] ?? null).data ?? null : null;
  const image = post?.featuredImage ? absolute(publicUrl, post.featuredImage) : null;
  const og: [string, string][] = [
    ['og:site_name', SITE_NAME],
    ['og:type', post ? 'article' : 'website'],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:url', url],
  ];
  if (image) og.push(['og:image', image]);
  if (post?.publishDate) og.push(['article:published_time', post.publishDate]);
  if (post) og.push(['article:modified_time', post.updatedAt]);
  if (post?.category) og.push(['article:section', post.category]);
  for (const [property, content] of og) tags.push(`<meta property="${property}" content="${escapeHtml(content)}">`);
  const twitter: [string, string][] = [
    ['twitter:card', image ? 'summary_large_image' : 'summary'],
    ['twitter:title', meta.title],
    ['twitter:description', meta.description],
  ];
  if (image) twitter.push(['twitter:image', image]);
  for (const [name, content] of twitter) tags.push(`<meta name="${name}" content="${escapeHtml(content)}">`);

  const data = structuredData(route, answers, { url, meta, publicUrl, post, image });
  if (data) tags.push(jsonScript(data));
  return tags.join('');
}

function structuredData(
  route: string,
  answers: Readonly<Record<string, unknown>>,
  page: { url: string; meta: PageMeta; publicUrl: string; post: ReturnType<typeof blogPostSchema.parse> | null; image: string | null },
): object | null {
  const publisher = { '@type': 'Organization', name: SITE_NAME, url: absolute(page.publicUrl, '/') };
  if (route === '/') return { '@context': 'https://schema.org', '@type': 'WebSite', name: SITE_NAME, url: page.url, description: page.meta.description, publisher };
  if (route === '/blog/:slug' && page.post) {
    const { post } = page;
    return {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: page.meta.description,
      url: page.url,
      mainEntityOfPage: page.url,
      datePublished: post.publishDate ?? post.createdAt,
      dateModified: post.updatedAt,
      ...(page.image ? { image: [page.image] } : {}),
      ...(post.category ? { articleSection: post.category } : {}),
      author: publisher,
      publisher,
    };
  }
  if (route === '/faqs') {
    const faqs = faqListSchema.safeParse(answers['/api/faqs']).data ?? [];
    if (faqs.length === 0) return null;
    return {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      url: page.url,
      mainEntity: faqs.map((faq) => ({ '@type': 'Question', name: faq.question, acceptedAnswer: { '@type': 'Answer', text: plain(faq.answer) } })),
    };
  }
  return null;
}
