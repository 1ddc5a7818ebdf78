import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isPageRoute, memberPrerenderedPages, NOT_FOUND_PAGE, pageReadsOf, prerenderedPageOf } from '../../../application/contracts/page-routes';
import { blogPostNotFoundMeta, notFoundMeta, type PageMeta } from '../../../application/contracts/page-meta';
import { NO_SESSION_META } from '../../../application/contracts/session-hint';
import { formNoticeScript, takeFormNotice } from '../form-notice';
import { escapeHtml, pageHeadTags } from '../page-head';
import { loadPrerenderer, type PageAnswers } from '../prerender';
import { SESSION_COOKIE } from './sessions';

/**
 * Serves the built React app. Any GET or HEAD outside /api that is not a file gets
 * index.html, so the client router can show the route; paths that are not one of the app's
 * pages (contracts/page-routes.ts) get it with status 404, and the app shows its 404 page.
 * A visitor (no session cookie) asking for a public page gets it prerendered (../prerender.ts)
 * from what the page's API calls answer (contracts/page-routes.ts `pageReadsOf`, asked of this
 * server in-process), so the HTML holds the page's words; a blog post that is not published, like
 * any path that is no page, is answered with status 404.
 * Every page sent without a session cookie says so (contracts/session-hint.ts), and a page
 * reached after a form posted without scripts carries the server's word on it (../form-notice.ts).
 * Every page carries its own title and description (contracts/page-meta.ts), one of each;
 * `readPageMeta` answers them for a page path (null: no such page, which gets the 404 page's);
 * and the tags of ../page-head.ts (canonical address, Open Graph, structured data).
 */
export async function registerFrontend(
  app: FastifyInstance,
  dir: string | undefined,
  readPageMeta: (pathname: string) => Promise<PageMeta | null>,
  publicUrl: string,
) {
  const index = dir ? path.join(dir, 'index.html') : undefined;
  const hasApp = () => index !== undefined && existsSync(index);
  if (dir && hasApp()) {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz next to each asset (frontend/build/precompress.ts): sent
      // as they are when the browser accepts them, with `Vary: accept-encoding`.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite puts a content hash in every asset name: those never change.
        const immutable = filePath.startsWith(path.join(dir, 'assets') + path.sep);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const prerenderer = dir && hasApp() ? await loadPrerenderer(dir) : null;
  app.setNotFoundHandler(async (request, reply) => {
    const pathOnly = request.url.split('?')[0];
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (pathOnly === '/api' || pathOnly.startsWith('/api/') || !isPage || !hasApp()) {
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${pathOnly}`, code: 'not_found' });
    }
    reply.header('cache-control', 'no-cache');
    const visitor = !request.cookies[SESSION_COOKIE];
    const notice = takeFormNotice(request, reply);
    const meta = (isPageRoute(pathOnly) ? await readPageMeta(pathOnly) : null) ?? notFoundMeta;
    const route = prerenderedPageOf(pathOnly) ?? pathOnly;
    // A visitor's public page, or a member's page the server renders for them (with their cookie).
    const rendered = prerenderer !== null && (visitor ? !(route in memberPrerenderedPages) : route in memberPrerenderedPages);
    const answers = rendered ? await readAnswers(app, route, pathOnly, visitor ? undefined : request.headers.cookie) : {};
    // A path the app has no page for still gets the app (which shows its 404 page), with status 404;
    // so does a blog post nobody can read (its page says so).
    if (route === NOT_FOUND_PAGE || meta === blogPostNotFoundMeta) reply.status(404);
    const head = pageHeadTags({ route, pathname: pathOnly, meta, answers: answers ?? {}, publicUrl });
    if (rendered && answers) {
      const search = request.url.slice(pathOnly.length);
      const page = await prerenderer.render(route, pathOnly, search, answers, notice).catch((error: unknown) => {
        // A member's page the server could not draw for them is still the app's to draw.
        if (visitor) throw error;
        request.log.warn({ err: error, route }, 'prerendering a member page failed: sending the app shell');
        return null;
      });
      if (page) return reply.type('text/html; charset=utf-8').send(withPageMeta(page, meta, head));
    }
    let shell = await readFile(index!, 'utf8');
    if (visitor) shell = shell.replace('</head>', `${NO_SESSION_META}</head>`);
    if (notice) shell = shell.replace('</body>', `${formNoticeScript(notice)}</body>`);
    return reply.type('text/html; charset=utf-8').send(withPageMeta(shell, meta, head));
  });
}

/**
 * What a prerendered page's API calls answer (contracts/page-routes.ts `pageReadsOf`), asked of
 * this server in-process as the browser would ask them (a member's with their cookie): the page
 * is rendered from exactly what the browser would have fetched. A 404 is null (a post nobody can
 * read); a 401 (a member's session that has just ended) is no answers at all, and the page is the
 * app's shell; any other failure throws.
 */
async function readAnswers(app: FastifyInstance, route: string, pathname: string, cookie?: string): Promise<PageAnswers | null> {
  const reads = pageReadsOf(route, pathname);
  const answered = await Promise.all(
    reads.map(async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } });
      if (response.statusCode === 404) return [url, null] as const;
      if (response.statusCode === 401) return [url, undefined] as const;
      if (response.statusCode !== 200) throw new Error(`Prerendering ${pathname}: GET ${url} answered ${response.statusCode}`);
      return [url, response.json() as unknown] as const;
    }),
  );
  if (answered.some(([, answer]) => answer === undefined)) return null;
  return Object.fromEntries(answered);
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description"[^>]*>\s*/g;

/**
 * The page's HTML with its own title and its one description in the head (index.html has the
 * site's), and `extraTags` (../page-head.ts) after them.
 */
export function withPageMeta(html: string, meta: PageMeta, extraTags = ''): string {
  const headEnd = html.indexOf('</head>');
  const tags = `<title>${escapeHtml(meta.title)}</title><meta name="description" content="${escapeHtml(meta.description)}">${extraTags}`;
  const head = html.slice(0, headEnd).replace(DESCRIPTION, '');
  return (TITLE.test(head) ? head.replace(TITLE, tags) : head + tags) + html.slice(headEnd);
}
