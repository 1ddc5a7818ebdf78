import '@blueprintjs/core/lib/css/blueprint.css';
import './styles/app.css';
import type { DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { routes } from './app/router';
import { installIconLoader } from './lib/icons';
import { PRERENDER_STATE_ID, runWhenLive } from './lib/prerender';
import { applyTheme } from './lib/theme';

const iconsLoaded = installIconLoader();
applyTheme();

const root = document.getElementById('root')!;
const router = createBrowserRouter(routes);
// A public page the server prerendered (entry-server.tsx) is hydrated with what it knew then.
const prerendered = document.getElementById(PRERENDER_STATE_ID);
const app = (state?: DehydratedState) => (
  <StrictMode>
    <App router={router} state={state} />
  </StrictMode>
);
if (prerendered && root.firstElementChild) {
  const state = JSON.parse(prerendered.textContent ?? '{}') as DehydratedState;
  // What was typed before hydration is put back after it: that code is needed only on a
  // prerendered page, so it loads beside the icons instead of in every first load.
  void Promise.all([iconsLoaded, import('./lib/islands/retype-early-text')]).then(([, { retypeEarlyText }]) => {
    runWhenLive(retypeEarlyText(root));
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page (the page is already readable meanwhile).
    startTransition(() => {
      hydrateRoot(root, app(state));
    });
  });
} else {
  createRoot(root).render(app());
}
