import type { HomepageContent } from '@contracts/homepage-content';
import { lazy, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { StaffNotice } from '../../../components/ui/staff-notice';
import { useAuth } from '../../../lib/auth/auth-provider';
import { Island } from '../../../lib/islands/island';
import { useIsEditing } from './content-field';
import { firstExamples, loadExamplePool } from './example-cards';
import { type HeroContext, type HeroLazyParts, HeroView } from './hero-view';

// Only visitors back from a trial see their ideas here: that code loads when needed.
// The customization fields load when the visitor first opens them.
// The first example cards: the server renders them and gives them to a visitor's island as props.
// The pool comes through the one loader the browser's island uses too (a module imported both
// statically and dynamically cannot be split into its own chunk).
const examples = firstExamples(await loadExamplePool());
const parts: HeroLazyParts = {
  CustomizePanel: lazy(() => import('./hero-customize-panel').then((module) => ({ default: module.HeroCustomizePanel }))),
  HeroIdeas: lazy(() => import('./hero-ideas').then((module) => ({ default: module.HeroIdeas }))),
};

/** The hero in the app: HeroView with the signed-in user and the router; a visitor's is the landing page's island. */
export function HeroSection({ hero }: { hero: HomepageContent['hero'] }) {
  const { user } = useAuth();
  const editing = useIsEditing();
  const navigate = useNavigate();
  const location = useLocation();
  const state: unknown = location.state;
  const context = useMemo<HeroContext>(
    () => ({ user, go: (url) => navigate(url), returned: () => state, parts, staffNotice: <StaffNotice role={user?.role} /> }),
    [user, navigate, state],
  );
  const view = <HeroView hero={hero} examples={examples} context={context} />;
  return !user && !editing ? (
    <Island name="hero" props={{ hero, examples }}>
      {view}
    </Island>
  ) : (
    view
  );
}
