import type { FormNotice } from '@contracts/form-posts';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { Writable } from 'node:stream';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { formNoticeQueryKey } from './features/auth/api/form-notice';
import { meQueryKey } from './lib/auth/api/get-me';
import { installIconLoader } from './lib/icons';
import { PRERENDER_STATE_ID } from './lib/prerender';


const iconsLoaded = installIconLoader();

export interface PrerenderData {
  /**
   * What the page's API calls answered, by GET path (contracts/page-routes.ts `pageReadsOf`; null
   * for a 404): each becomes the query whose key is the path's segments (`/api/blog-posts/a-b` →
   * `['/api', 'blog-posts', 'a-b']`), as the page's hooks ask for it.
   */
  answers: Readonly<Record<string, unknown>>;
  /** The server's word on a form the browser posted before the scripts ran, shown on that form. */
  notice?: FormNotice | null;
}

/**
 * A public page rendered as a visitor sees it before any script runs, from the same components
 * the browser hydrates (main.tsx), with the queries it was rendered from as JSON beside it so
 * the first render in the browser is the same.
 */
export async function prerender(url: string, data: PrerenderData): Promise<{ html: string; stateScript: string }> {
  await iconsLoaded;
  const queries = new QueryClient();
  queries.setQueryData(meQueryKey, null);
  for (const [path, answer] of Object.entries(data.answers)) queries.setQueryData(queryKeyOf(path), answer);
  if (data.notice) queries.setQueryData(formNoticeQueryKey, data.notice);
  const state = dehydrate(queries);

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`prerendering ${url} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const app = (
    <StrictMode>
      <AppProvider state={state}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>
  );
  const html = await renderAll(app);
  // `<` escaped so the JSON can never close its script element.
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return { html, stateScript: `<script type="application/json" id="${PRERENDER_STATE_ID}">${json}</script>` };
}

/** The query key of a GET path under /api: its segments, decoded. */
export const queryKeyOf = (path: string) => ['/api', ...path.slice('/api/'.length).split('/').map((segment) => decodeURIComponent(segment))];

function renderAll(app: ReactNode): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    // Written out once everything (the lazily loaded page included) has rendered, every
    // boundary in place however large: React would otherwise send a large or late one out of
    // order, with inline scripts to move it, which the CSP forbids.
    const stream = renderToPipeableStream(app, {
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}
