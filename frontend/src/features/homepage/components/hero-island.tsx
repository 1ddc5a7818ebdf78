import type { HomepageContent } from '@contracts/homepage-content';
import { lazy } from 'react';
import { loadAppStylesheets } from '../../../lib/islands/app-stylesheets';
import type { FirstExamples } from './example-cards';
import { type HeroContext, HeroView } from './hero-view';

// Blueprint's components: with the app's stylesheets.
const islandParts = () => Promise.all([import('./hero-island-parts'), loadAppStylesheets()]).then(([module]) => module);

const visitorHero: HeroContext = {
  user: null,
  // The generation screen is the app's: a normal navigation (the server serves the app there).
  go: (url) => window.location.assign(url),
  returned: () => (window.history.state as { usr?: unknown } | null)?.usr ?? null,
  parts: {
    CustomizePanel: lazy(() => islandParts().then((module) => ({ default: module.IslandCustomizePanel }))),
    HeroIdeas: lazy(() => islandParts().then((module) => ({ default: module.IslandHeroIdeas }))),
  },
};

/** A visitor's landing hero, hydrated alone on the prerendered page (frontend/src/islands.tsx) with the props the server rendered it with. */
export function HeroIsland({ hero, examples }: { hero: HomepageContent['hero']; examples: FirstExamples }) {
  return <HeroView hero={hero} examples={examples} context={visitorHero} />;
}
