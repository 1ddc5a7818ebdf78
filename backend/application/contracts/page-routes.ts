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

/** The key of the not-found page in `prerenderedPages` and `islandPages`: any path that is not a page. */
export const NOT_FOUND_PAGE = '*';

/**
 * The public pages a visitor's first request gets prerendered (no session needed to show them),
 * by route (`:name` is one segment; `NOT_FOUND_PAGE` is any path that is no page), each with the
 * source module of its lazily loaded page, whose chunk and stylesheets the server links from the
 * HTML (null: the page is in the entry bundle). Used by the server's prerendering entry
 * (frontend/src/entry-server.tsx), the server and the bench.
 */
export const prerenderedPages: Readonly<Record<string, string | null>> = {
  '/': null,
  '/auth': 'src/pages/auth.tsx',
  '/ideas-trial': 'src/pages/ideas-trial.tsx',
  '/faqs': 'src/pages/faqs.tsx',
  '/blog': 'src/pages/blog.tsx',
  '/blog/:slug': 'src/pages/blog-post.tsx',
  '/company': 'src/pages/company.tsx',
  '/contact': 'src/pages/contact.tsx',
  '/privacy': 'src/pages/privacy.tsx',
  '/terms': 'src/pages/terms.tsx',
  [NOT_FOUND_PAGE]: null,
};

/**
 * The member pages the server renders for the signed-in member asking (session cookie), from
 * their reads answered for that member (`pageReadsOf`, who they are among them), so the page is
 * painted before the app's scripts run; the whole app then hydrates it. Each with its page's
 * source module, as `prerenderedPages`.
 */
export const memberPrerenderedPages: Readonly<Record<string, string | null>> = {
  '/upsell': 'src/pages/upsell.tsx',
};

const prerenderedPatterns = [...Object.keys(prerenderedPages), ...Object.keys(memberPrerenderedPages)]
  .filter((route) => route !== NOT_FOUND_PAGE)
  .map((route) => [route, new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+').replace(/\/$/, '')}/?$`)] as const);

/**
 * The route of `prerenderedPages` or `memberPrerenderedPages` a path is (NOT_FOUND_PAGE for a path
 * that is no page), or null: a page that is not prerendered.
 */
export function prerenderedPageOf(pathname: string): string | null {
  if (!isPageRoute(pathname)) return NOT_FOUND_PAGE;
  return prerenderedPatterns.find(([, pattern]) => pattern.test(pathname))?.[0] ?? null;
}

/**
 * The API calls a prerendered page's first render reads (GET paths), by its route: the server
 * renders the page from their answers, and the browser finds the same answers in its query
 * cache (query keys are the path's segments: `['/api', 'blog-posts', slug]`).
 */
export function pageReadsOf(route: string, pathname: string): string[] {
  switch (route) {
    case '/':
      return ['/api/homepage-content'];
    case '/faqs':
      return ['/api/faqs', '/api/skilly-urls'];
    case '/blog':
      return ['/api/blog-posts'];
    case '/blog/:slug':
      return [`/api/blog-posts/${pathname.replace(/\/$/, '').split('/')[2]}`];
    case '/company':
      return ['/api/company-content'];
    case '/contact':
      return ['/api/contact-content'];
    case '/upsell':
      return ['/api/auth/me', '/api/billing/offer'];
    case '/auth':
      // Whether "Continue with Google" is offered (issue 52).
      return ['/api/auth/providers'];
    default:
      return [];
  }
}

/**
 * The prerendered pages a visitor's browser hydrates as islands (frontend/src/islands.tsx: only
 * the interactive parts, no Blueprint, router or member app), each with the source module of its
 * own islands (null: the page has none but the top bar, which is in the islands entry): the
 * islands entry loads it, and the server preloads it with the entry. A prerendered page not
 * listed is hydrated by the whole app.
 */
export const islandPages: Readonly<Record<string, string | null>> = {
  '/': 'src/features/homepage/components/hero-island.tsx',
  '/auth': 'src/features/auth/components/auth-island.tsx',
  '/ideas-trial': 'src/features/ideas/components/ideas-trial-island.tsx',
  '/faqs': 'src/features/faqs/components/faqs-islands.tsx',
  '/blog': null,
  '/blog/:slug': null,
  '/company': null,
  '/contact': 'src/features/contact/components/contact-form-island.tsx',
  '/privacy': null,
  '/terms': null,
  [NOT_FOUND_PAGE]: null,
};

/** The islands entry's source module (its key in the build manifest). */
export const ISLANDS_ENTRY = 'src/islands.tsx';

/**
 * What the islands entry loads to hydrate an island (React, and the top bar every page has), by
 * its key in the build manifest: a dynamic import, so nothing of it runs until an island comes
 * alive, but preloaded with the page so an island the visitor reaches for wakes at once.
 */
export const ISLAND_HYDRATION_MODULES = ['src/island-hydration.tsx'];

/**
 * The meta element of a visitor's island page naming the app's stylesheets (space-separated
 * paths): the page links only its own cut-down stylesheet, and a part loaded on demand that draws
 * Blueprint's components links these first (frontend/src/lib/islands/app-stylesheets.ts).
 */
export const APP_STYLESHEETS_META = 'skilly-app-stylesheets';
