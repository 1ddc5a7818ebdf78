import { knownToBeSignedOut, onSessionChangedElsewhere } from './lib/auth/session-hint';
import { loadAppStylesheets } from './lib/islands/app-stylesheets';
import type { IslandName } from './lib/islands/island';
import { scrollToAnchor } from './lib/scroll';
import { applyTheme } from './lib/theme';

/**
 * The script of a visitor's prerendered public page (the server links it instead of the app's,
 * backend/infrastructure/http/prerender.ts): it brings the page's islands (lib/islands/island.tsx)
 * to life, each on its own element with the props it was rendered with, and leaves the rest as the
 * server's HTML. React itself comes with the first island to hydrate (island-hydration.tsx,
 * a dynamic import): a page whose islands all wait for the visitor runs none of it while it loads.
 * Nothing here may import Blueprint, the router or the member app
 * (tests/architecture/public-pages-first-load.unit.spec.ts).
 */

/**
 * Islands that come alive when the visitor first reaches for them (a pointer over or down on them,
 * focus, a key, a touch) rather than as the page loads: the top bar, the FAQ accordion, the
 * platform filter and the contact form, whose HTML reads and links work as served. The landing's
 * hero (its example cards turn by themselves), the auth card and the trial ideas hydrate at once.
 */
const AWAIT_THE_VISITOR: ReadonlySet<string> = new Set<IslandName>(['visitor-nav', 'faqs', 'platforms', 'contact-form']);
const REACHING_FOR_IT = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** Hydrates the island on `element` (once); settles when it is live. */
function hydrate(element: HTMLElement): Promise<void> {
  return import('./island-hydration').then(({ hydrateIsland }) => new Promise<void>((live) => void hydrateIsland(element, live)));
}

/** A link to a section of this very page (the island scrolls to it its own way). */
const toThisPage = (link: HTMLAnchorElement) => link.pathname === window.location.pathname && link.hash !== '';

/**
 * Hydrates the island when the visitor first reaches for it. A button (or a link to a section of
 * this page) clicked before it is live (a tap can outrun the download) is held and clicked again
 * once it is, so the click is not lost; any other link is followed as the HTML has it.
 */
function hydrateWhenReachedFor(element: HTMLElement) {
  let hydrating: Promise<void> | undefined;
  let live = false;
  const wake = () => {
    hydrating ??= hydrate(element).then(() => {
      live = true;
      for (const type of REACHING_FOR_IT) element.removeEventListener(type, wake, true);
    });
    return hydrating;
  };
  for (const type of REACHING_FOR_IT) element.addEventListener(type, wake, { capture: true, passive: true });
  element.addEventListener(
    'click',
    (event) => {
      if (live) return;
      const button = (event.target as Element | null)?.closest<HTMLElement>('button, [role="button"], summary, input[type="submit"], a[href*="#"]');
      if (!button || !element.contains(button) || (button instanceof HTMLAnchorElement && !toThisPage(button))) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      void wake().then(() => button.click());
    },
    true,
  );
}

function hydrateIslands() {
  const elements = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  let waiting = elements.length;
  const markReady = () => {
    // The browser tests wait for this, as on the app's pages (lib/prerender.ts LiveMarker): every
    // island is live, or ready to come alive at the visitor's first touch.
    if (--waiting <= 0) document.documentElement.dataset.appReady = 'true';
  };
  if (waiting === 0) markReady();
  for (const element of elements) {
    if (AWAIT_THE_VISITOR.has(element.dataset.island ?? '')) {
      hydrateWhenReachedFor(element);
      markReady();
    } else {
      void hydrate(element).then(markReady);
    }
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
