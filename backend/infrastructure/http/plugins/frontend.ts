import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isPageRoute } from '../../../application/contracts/page-routes';
import type { HomepageContent } from '../../../application/contracts/homepage-content';
import { notFoundMeta, type PageMeta } from '../../../application/contracts/page-meta';
import { NO_SESSION_META } from '../../../application/contracts/session-hint';
import { formNoticeScript, takeFormNotice } from '../form-notice';
import { loadPrerenderer } from '../prerender';
import { SESSION_COOKIE } from './sessions';

/**
 * Serves the built React app. Any GET or HEAD outside /api that is not a file gets
 * index.html, so the client router can show the route; paths that are not one of the app's
 * pages (contracts/page-routes.ts) get it with status 404, and the app shows its 404 page.
 * A visitor (no session cookie) asking for a public page gets it prerendered (../prerender.ts).
 * Every page sent without a session cookie says so (contracts/session-hint.ts), and a page
 * reached after a form posted without scripts carries the server's word on it (../form-notice.ts).
 * Every page carries its own title and description (contracts/page-meta.ts), one of each;
 * `readPageMeta` answers them for a page path (null: no such page, which gets the 404 page's).
 */
export async function registerFrontend(
  app: FastifyInstance,
  dir: string | undefined,
  readHomepageContent: () => Promise<HomepageContent>,
  readPageMeta: (pathname: string) => Promise<PageMeta | null>,
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
    if (prerenderer && visitor) {
      const search = request.url.slice(pathOnly.length);
      const page = await prerenderer.render(pathOnly, search, await readHomepageContent(), notice);
      if (page) return reply.type('text/html; charset=utf-8').send(withPageMeta(page, meta));
    }
    // A path the app has no page for still gets the app (which shows its 404 page), with status 404.
    if (!isPageRoute(pathOnly)) reply.status(404);
    let shell = await readFile(index!, 'utf8');
    if (visitor) shell = shell.replace('</head>', `${NO_SESSION_META}</head>`);
    if (notice) shell = shell.replace('</body>', `${formNoticeScript(notice)}</body>`);
    return reply.type('text/html; charset=utf-8').send(withPageMeta(shell, meta));
  });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description"[^>]*>\s*/g;

/** The page's HTML with its own title and its one description in the head (index.html has the site's). */
export function withPageMeta(html: string, meta: PageMeta): string {
  const headEnd = html.indexOf('</head>');
  const tags = `<title>${escapeHtml(meta.title)}</title><meta name="description" content="${escapeHtml(meta.description)}">`;
  const head = html.slice(0, headEnd).replace(DESCRIPTION, '');
  return (TITLE.test(head) ? head.replace(TITLE, tags) : head + tags) + html.slice(headEnd);
}
