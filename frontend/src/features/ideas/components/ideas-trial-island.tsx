import { lazy } from 'react';
import { loadAppStylesheets } from '../../../lib/islands/app-stylesheets';
import { IdeasTrialView } from './ideas-trial-screen';

// The ideas (Blueprint's cards and accordion, with the app's stylesheets) load only for a visitor
// who has some, inside a router whose links load pages.
const TrialIdeas = lazy(() => Promise.all([import('./trial-ideas-island-part'), loadAppStylesheets()]).then(([module]) => module));

/** A visitor's /ideas-trial, hydrated alone on the prerendered page (frontend/src/islands.tsx). */
export function IdeasTrialIsland() {
  return <IdeasTrialView TrialIdeas={TrialIdeas} />;
}
