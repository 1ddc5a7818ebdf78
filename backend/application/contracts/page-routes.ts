/**
 * The app's page routes (member-product.md §2 route table), shared by the client router and the
 * server: the server answers any other non-API path with the app's 404 page and status 404.
 * `:name` matches one path segment.
 */
export const pageRoutes = [
  '/',
  '/auth',
  '/reset-password',
  // The links of the welcome email and of the email change notice (issue 48).
  '/confirm-email',
  '/restore-email',
  '/dashboard',
  '/generating',
  '/ideas-trial',
  '/ideas',
  '/plans',
  '/plan/:id',
  '/upsell',
  '/profile',
  '/support',
  '/faqs',
  '/company',
  '/contact',
  '/privacy',
  '/terms',
  '/blog',
  '/blog/:slug',
  // The simulated payment gateway's TEST pages (issue 29), used when no Stripe keys are set.
  '/billing/test-checkout/:id',
  '/billing/test-portal/:id',
] as const;

const patterns = pageRoutes.map(
  (route) => new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+').replace(/\/$/, '')}/?$`),
);

/** Whether a path (without query) is one of the app's pages; a trailing slash is allowed. */
export function isPageRoute(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return patterns.some((pattern) => pattern.test(decoded));
}

/**
 * The public pages a visitor's first request gets prerendered (no session needed to show them),
 * each with the source module of its lazily loaded page, whose chunk and stylesheets the
 * server links from the HTML (null: the page is in the entry bundle). Used by the server's
 * prerendering entry (frontend/src/entry-server.tsx), the server and the bench.
 */
export const prerenderedPages: Readonly<Record<string, string | null>> = {
  '/': null,
  '/auth': 'src/pages/auth.tsx',
  '/ideas-trial': 'src/pages/ideas-trial.tsx',
};

/**
 * The prerendered pages a visitor's browser hydrates as islands (frontend/src/islands.tsx: only
 * the interactive parts, no Blueprint, router or member app), each with the source module of its
 * own island (the top bar's is in the islands entry): the islands entry loads it, and the server
 * preloads it with the entry. A prerendered page not listed is hydrated by the whole app.
 */
export const islandPages: Readonly<Record<string, string>> = {
  '/': 'src/features/homepage/components/hero-island.tsx',
  '/auth': 'src/features/auth/components/auth-island.tsx',
  '/ideas-trial': 'src/features/ideas/components/ideas-trial-island.tsx',
};

/** The islands entry's source module (its key in the build manifest). */
export const ISLANDS_ENTRY = 'src/islands.tsx';

/**
 * The meta element of a visitor's island page naming the app's stylesheets (space-separated
 * paths): the page links only its own cut-down stylesheet, and a part loaded on demand that draws
 * Blueprint's components links these first (frontend/src/lib/islands/app-stylesheets.ts).
 */
export const APP_STYLESHEETS_META = 'skilly-app-stylesheets';
