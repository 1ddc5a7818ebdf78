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
  void iconsLoaded.then(() => {
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

/**
 * Text typed into a prerendered page before it was hydrated: hydration puts the app's own value
 * back into its (controlled) fields, so what was typed is kept here and typed again, as input
 * events the forms hear, once the app is live.
 */
function retypeEarlyText(container: HTMLElement): () => void {
  const typed = [...container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]')]
    .filter((field) => field.type !== 'checkbox' && field.type !== 'radio' && field.value !== field.defaultValue)
    .map((field) => [field.id, field.value] as const);
  return () => {
    for (const [id, value] of typed) {
      const field = document.getElementById(id);
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
      // React notices a change by comparing the field with the value it last saw (set through the
      // field itself); the prototype's setter changes the text without telling it, so onChange runs.
      field.value = '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
}
