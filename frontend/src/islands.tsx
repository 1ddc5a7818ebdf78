import { type ComponentType, type ReactNode, startTransition, StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { VisitorTopNav } from './app/layout/visitor-top-nav';
import { loadAppStylesheets } from './lib/islands/app-stylesheets';
import { knownToBeSignedOut, onSessionChangedElsewhere } from './lib/auth/session-hint';
import type { IslandName } from './lib/islands/island';
import { retypeEarlyText } from './lib/islands/retype-early-text';
import { scrollToAnchor } from './lib/scroll';
import { applyTheme } from './lib/theme';

/**
 * The script of a visitor's prerendered public page (the server links it instead of the app's,
 * backend/infrastructure/http/prerender.ts): it hydrates only the page's islands (lib/islands/island.tsx),
 * each on its own element with the props it was rendered with, and leaves the rest as the server's
 * HTML. The top bar is on every page; each page's own island is a module of its own, loaded here
 * and preloaded by the server (contracts/page-routes.ts `islandPages`). Nothing here may import
 * Blueprint, the router or the member app (tests/architecture/public-pages-first-load.unit.spec.ts);
 * what loads on demand is a dynamic import.
 */

type AnyIsland = ComponentType<never>;
const islands: Record<IslandName, () => Promise<AnyIsland>> = {
  'visitor-nav': () => Promise.resolve(VisitorTopNav as AnyIsland),
  hero: () => import('./features/homepage/components/hero-island').then((module) => module.HeroIsland as AnyIsland),
  auth: () => import('./features/auth/components/auth-island').then((module) => module.AuthIsland as AnyIsland),
  'ideas-trial': () => import('./features/ideas/components/ideas-trial-island').then((module) => module.IdeasTrialIsland as AnyIsland),
  faqs: () => import('./features/faqs/components/faqs-islands').then((module) => module.FaqAccordionView as AnyIsland),
  platforms: () => import('./features/faqs/components/faqs-islands').then((module) => module.PlatformDirectoryView as AnyIsland),
  'contact-form': () => import('./features/contact/components/contact-form-island').then((module) => module.ContactFormIsland as AnyIsland),
};

/** Runs `onLive` once its island is hydrated. */
function Live({ onLive, children }: { onLive: () => void; children: ReactNode }) {
  useEffect(onLive, [onLive]);
  return children;
}

function hydrateIslands() {
  const elements = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  let waiting = elements.length;
  const markReady = () => {
    // The browser tests wait for this, as on the app's pages (lib/prerender.ts LiveMarker).
    if (--waiting <= 0) document.documentElement.dataset.appReady = 'true';
  };
  if (waiting === 0) markReady();
  for (const element of elements) {
    const load = islands[element.dataset.island as IslandName] as (() => Promise<AnyIsland>) | undefined;
    if (!load) {
      markReady();
      continue;
    }
    const props = JSON.parse(element.dataset.props ?? '{}') as object;
    void load().then((loaded) => {
      const Island = loaded as ComponentType<object>;
      const retype = retypeEarlyText(element);
      const onLive = () => {
        retype();
        markReady();
      };
      // As a transition, hydration yields to the browser instead of holding the main thread.
      startTransition(() => {
        hydrateRoot(
          element,
          <StrictMode>
            <Live onLive={onLive}>
              <Island {...props} />
            </Live>
          </StrictMode>,
        );
      });
    });
  }
}

/** Buttons of the static HTML that only scroll (`data-scroll-to`, e.g. "Start With Your Skill"). */
function scrollButtons() {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('[data-scroll-to]');
    if (button?.dataset.scrollTo) scrollToAnchor(button.dataset.scrollTo);
  });
}

applyTheme();
if (!knownToBeSignedOut()) {
  // A page that was not sent to a visitor: the whole app, over the page, with its stylesheets.
  void loadAppStylesheets().then(() => import('./main'));
} else {
  hydrateIslands();
  scrollButtons();
  // A sign-in in another tab of the site: the server now sends this tab the app.
  onSessionChangedElsewhere(() => window.location.reload());
}
