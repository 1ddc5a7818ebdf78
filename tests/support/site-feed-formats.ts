import { createRequire } from 'node:module';

/** jsdom (a dev dependency, for the frontend's tests) has no type declarations here: the part used, typed. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (text: string, options: { contentType: string }) => { window: { document: Document } };
};

/**
 * Checks of the formats the site's findability files must follow (issue 54), for the tests:
 * XML read by a real, strict XML parser (jsdom's, saxes: a document that is not well-formed, or
 * uses an entity XML does not define, throws), then the structure each format requires. Each
 * check answers the problems it found: none for a valid document.
 */

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const ATOM_NS = 'http://www.w3.org/2005/Atom';

/** A strict XML parse (throws when the text is not well-formed XML). */
export function parseXml(text: string): Document {
  return new JSDOM(text, { contentType: 'application/xml' }).window.document;
}

/** RFC 3339 date-time (Atom's dates, RFC 4287 §3.3). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** W3C Datetime (the sitemap's lastmod): a year, a month, a day, or a time with its zone. */
const W3C_DATETIME = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

export const isRfc3339 = (value: string) => RFC3339.test(value) && !Number.isNaN(Date.parse(value));
export const isW3cDateTime = (value: string) => W3C_DATETIME.test(value) && !Number.isNaN(Date.parse(value));

function isAbsoluteUrl(value: string, protocols = ['http:', 'https:']): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The element children of `parent` (any namespace). */
const childElements = (parent: Element) => [...parent.children];
/** The children of `parent` in `ns` named `name`. */
const children = (parent: Element, ns: string, name: string) => childElements(parent).filter((el) => el.namespaceURI === ns && el.localName === name);
const text = (el: Element | undefined) => el?.textContent?.trim() ?? '';

/** The sitemaps.org 0.9 rules: a urlset of url elements, each with one absolute loc on the site's host and an optional W3C lastmod. */
export function sitemapProblems(doc: Document, siteUrl: string): string[] {
  const problems: string[] = [];
  const root = doc.documentElement;
  if (root.namespaceURI !== SITEMAP_NS || root.localName !== 'urlset') return [`the root is {${root.namespaceURI}}${root.localName}, not a sitemap urlset`];
  const host = new URL(siteUrl).host;
  const urls = childElements(root);
  if (urls.length > 50_000) problems.push(`${urls.length} URLs: at most 50,000 in one sitemap`);
  for (const url of urls) {
    if (url.namespaceURI !== SITEMAP_NS || url.localName !== 'url') {
      problems.push(`urlset holds <${url.localName}>`);
      continue;
    }
    const locs = children(url, SITEMAP_NS, 'loc');
    if (locs.length !== 1) {
      problems.push(`a url has ${locs.length} loc elements`);
      continue;
    }
    const loc = text(locs[0]);
    if (!isAbsoluteUrl(loc)) problems.push(`loc ${loc} is not an absolute http(s) URL`);
    else if (new URL(loc).host !== host) problems.push(`loc ${loc} is not on ${host}`);
    if (loc.length >= 2048) problems.push(`loc ${loc.slice(0, 40)}… is 2,048 characters or more`);
    for (const name of ['lastmod', 'changefreq', 'priority']) {
      if (children(url, SITEMAP_NS, name).length > 1) problems.push(`${loc} has more than one ${name}`);
    }
    const lastmod = children(url, SITEMAP_NS, 'lastmod')[0];
    if (lastmod && !isW3cDateTime(text(lastmod))) problems.push(`${loc}: lastmod ${text(lastmod)} is not a W3C datetime`);
    const unknown = childElements(url).filter((el) => el.namespaceURI === SITEMAP_NS && !['loc', 'lastmod', 'changefreq', 'priority'].includes(el.localName));
    for (const el of unknown) problems.push(`${loc} has <${el.localName}>`);
  }
  return problems;
}

/** Of RFC 4287's rules on a feed and its entries, those a structure check can tell (§4.1.1, §4.1.2, §3.2, §3.3, §4.2.7, §4.2.2). */
export function atomProblems(doc: Document): string[] {
  const problems: string[] = [];
  const feed = doc.documentElement;
  if (feed.namespaceURI !== ATOM_NS || feed.localName !== 'feed') return [`the root is {${feed.namespaceURI}}${feed.localName}, not an Atom feed`];
  const entries = children(feed, ATOM_NS, 'entry');
  const feedHasAuthor = children(feed, ATOM_NS, 'author').length > 0;
  problems.push(...commonProblems(feed, 'feed', ['generator', 'icon', 'logo', 'rights', 'subtitle']));
  if (!feedHasAuthor && entries.some((entry) => children(entry, ATOM_NS, 'author').length === 0)) {
    problems.push('the feed has no author and an entry has none either');
  }
  const self = children(feed, ATOM_NS, 'link').filter((link) => link.getAttribute('rel') === 'self');
  if (self.length !== 1) problems.push(`the feed has ${self.length} self links`);
  for (const [index, entry] of entries.entries()) {
    const where = `entry ${index + 1}`;
    problems.push(...commonProblems(entry, where, ['content', 'published', 'rights', 'source', 'summary']));
    const content = children(entry, ATOM_NS, 'content')[0];
    const alternates = children(entry, ATOM_NS, 'link').filter((link) => (link.getAttribute('rel') ?? 'alternate') === 'alternate');
    if (!content && alternates.length === 0) problems.push(`${where} has neither content nor an alternate link`);
    if (content) {
      const type = content.getAttribute('type') ?? 'text';
      if ((type === 'text' || type === 'html') && content.children.length > 0) problems.push(`${where}: ${type} content holds elements (it must be escaped text)`);
    }
    for (const date of [...children(entry, ATOM_NS, 'published')]) {
      if (!isRfc3339(text(date))) problems.push(`${where}: published ${text(date)} is not an RFC 3339 date-time`);
    }
    for (const category of children(entry, ATOM_NS, 'category')) {
      if (!category.getAttribute('term')) problems.push(`${where}: a category has no term`);
    }
  }
  return problems;
}

/** What a feed and an entry share: one id (an absolute IRI), one title, one updated (RFC 3339), well-formed persons and links. */
function commonProblems(el: Element, where: string, atMostOne: readonly string[]): string[] {
  const problems: string[] = [];
  for (const name of ['id', 'title', 'updated']) {
    const found = children(el, ATOM_NS, name).length;
    if (found !== 1) problems.push(`${where} has ${found} ${name} elements (exactly one is required)`);
  }
  for (const name of atMostOne) {
    if (children(el, ATOM_NS, name).length > 1) problems.push(`${where} has more than one ${name}`);
  }
  const id = text(children(el, ATOM_NS, 'id')[0]);
  if (!/^[a-z][a-z0-9+.-]*:/i.test(id)) problems.push(`${where}: id ${id} is not an absolute IRI`);
  const updated = text(children(el, ATOM_NS, 'updated')[0]);
  if (!isRfc3339(updated)) problems.push(`${where}: updated ${updated} is not an RFC 3339 date-time`);
  for (const textual of ['title', 'subtitle', 'summary', 'rights']) {
    for (const construct of children(el, ATOM_NS, textual)) {
      const type = construct.getAttribute('type') ?? 'text';
      if (!['text', 'html', 'xhtml'].includes(type)) problems.push(`${where}: ${textual} has type ${type}`);
    }
  }
  for (const person of [...children(el, ATOM_NS, 'author'), ...children(el, ATOM_NS, 'contributor')]) {
    if (children(person, ATOM_NS, 'name').length !== 1) problems.push(`${where}: a person has no single name`);
    if (children(person, ATOM_NS, 'uri').length > 1) problems.push(`${where}: a person has more than one uri`);
  }
  const alternates = new Set<string>();
  for (const link of children(el, ATOM_NS, 'link')) {
    const href = link.getAttribute('href');
    if (!href) problems.push(`${where}: a link has no href`);
    const rel = link.getAttribute('rel') ?? 'alternate';
    if (rel === 'alternate') {
      const key = `${link.getAttribute('type') ?? ''} ${link.getAttribute('hreflang') ?? ''}`;
      if (alternates.has(key)) problems.push(`${where}: two alternate links of the same type and language`);
      alternates.add(key);
    }
  }
  return problems;
}

/**
 * Whether robots.txt lets every crawler (`User-agent: *`) fetch a path, as RFC 9309 §2.2.2 says:
 * the longest matching Allow or Disallow rule decides, Allow on a tie, everything allowed without
 * a match. Only plain prefixes (the file uses no `*` or `$`).
 */
export function robotsAllows(robots: string, path: string): boolean {
  const rules: { allow: boolean; prefix: string }[] = [];
  let inStarGroup = false;
  for (const raw of robots.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!match) continue;
    const [, field, value] = [match[0], match[1].toLowerCase(), match[2].trim()];
    if (field === 'user-agent') inStarGroup = value === '*';
    else if (inStarGroup && (field === 'allow' || field === 'disallow') && value !== '') {
      if (/[*$]/.test(value)) throw new Error(`robotsAllows reads plain prefixes only: ${value}`);
      rules.push({ allow: field === 'allow', prefix: value });
    }
  }
  const matching = rules.filter((rule) => path.startsWith(rule.prefix));
  if (matching.length === 0) return true;
  const longest = Math.max(...matching.map((rule) => rule.prefix.length));
  return matching.some((rule) => rule.prefix.length === longest && rule.allow);
}
