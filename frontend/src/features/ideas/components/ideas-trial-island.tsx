import { lazy } from 'react';
import { IdeasTrialView } from './ideas-trial-screen';

// The ideas (Blueprint's cards and accordion) load only for a visitor who has some, inside a router whose links load pages.
const TrialIdeas = lazy(() => import('./trial-ideas-island-part'));

/** A visitor's /ideas-trial, hydrated alone on the prerendered page (frontend/src/islands.tsx). */
export function IdeasTrialIsland() {
  return <IdeasTrialView TrialIdeas={TrialIdeas} />;
}
