import type { ReactNode } from 'react';
import { createPath, type Navigator, Router, type To } from 'react-router-dom';

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

/** Every navigation loads the page from the server: an island has no app to show another page in. */
const fullLoads: Navigator = {
  createHref: href,
  go: (delta) => window.history.go(delta),
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
};

/**
 * A router context for the parts a public page's island loads on demand (components written for
 * the app, using links and navigate): their links work, as normal navigations. Loaded only by a
 * dynamic import, never in a visitor's first load.
 */
export function FullLoadRouter({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = window.location;
  return (
    <Router location={{ pathname, search, hash }} navigator={fullLoads}>
      {children}
    </Router>
  );
}
