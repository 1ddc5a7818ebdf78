import { type ComponentType, type ReactNode, startTransition, StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { VisitorTopNav } from './app/layout/visitor-top-nav';
import type { IslandName } from './lib/islands/island';
import { retypeEarlyText } from './lib/islands/retype-early-text';

/**
 * React's half of a visitor's public page (loaded by islands.tsx when an island is to come
 * alive, so a page whose islands wait for the visitor runs no React at all until then): each
 * island's component, and the hydration of one island element with the props it was rendered with.
 */
type AnyIsland = ComponentType<never>;
const islands: Record<IslandName, () => Promise<AnyIsland>> = {
  // On every page: in this module, not a chunk of its own.
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
  // Once React has finished its commit: what `onLive` types again then reaches the forms as typing
  // does (React renders it at once), rather than within the commit, where it cannot.
  useEffect(() => queueMicrotask(onLive), [onLive]);
  return children;
}

/**
 * Hydrates `element` as the island it names (`data-island`, props from `data-props`); `onLive`
 * runs once it is live, after the text typed into it before then has been typed again. An
 * element naming no known island is left as it is, and `onLive` runs at once.
 */
export async function hydrateIsland(element: HTMLElement, onLive: () => void): Promise<void> {
  const load = islands[element.dataset.island as IslandName] as (() => Promise<AnyIsland>) | undefined;
  if (!load) {
    onLive();
    return;
  }
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  const Island = (await load()) as ComponentType<object>;
  const retype = retypeEarlyText(element);
  const live = () => {
    retype();
    onLive();
  };
  // As a transition, hydration yields to the browser instead of holding the main thread.
  startTransition(() => {
    hydrateRoot(
      element,
      <StrictMode>
        <Live onLive={live}>
          <Island {...props} />
        </Live>
      </StrictMode>,
    );
  });
}
