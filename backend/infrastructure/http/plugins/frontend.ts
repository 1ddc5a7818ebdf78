import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isPageRoute } from '../../../application/contracts/page-routes';
import type { HomepageContent } from '../../../application/contracts/homepage-content';
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
 */
export async function registerFrontend(
  app: FastifyInstance,
  dir: string | undefined,
  readHomepageContent: () => Promise<HomepageContent>,
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
    if (prerenderer && visitor) {
      const search = request.url.slice(pathOnly.length);
      const page = await prerenderer.render(pathOnly, search, await readHomepageContent(), notice);
      if (page) return reply.type('text/html; charset=utf-8').send(page);
    }
    // A path the app has no page for still gets the app (which shows its 404 page), with status 404.
    if (!isPageRoute(pathOnly)) reply.status(404);
    if (!visitor && !notice) return reply.type('text/html').sendFile('index.html');
    let shell = await readFile(index!, 'utf8');
    if (visitor) shell = shell.replace('</head>', `${NO_SESSION_META}</head>`);
    if (notice) shell = shell.replace('</body>', `${formNoticeScript(notice)}</body>`);
    return reply.type('text/html; charset=utf-8').send(shell);
  });
}
