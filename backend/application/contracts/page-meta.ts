/**
 * Each page's title and meta description: one title and one description per page, written by
 * the server into the HTML it sends (infrastructure/http/plugins/frontend.ts) and kept up to date
 * by the app as it navigates (frontend/src/lib/document-meta.ts updates the same two tags).
 * Shared by the server and the React app.
 */
export interface PageMeta {
  title: string;
  description: string;
}

/** The welcome page's, and any page's without its own (index.html carries the same text). */
export const siteMeta: PageMeta = {
  title: 'Skilly: turn your skills into income',
  description: 'Skilly turns your skill into income ideas and step-by-step action plans. Powered by AI, Operated by Humans.',
};

const page = (title: string, description: string): PageMeta => ({ title: `${title} | Skilly`, description });

/** The pages with a fixed title, by path (contracts/page-routes.ts). */
const fixedPageMeta: Readonly<Record<string, PageMeta>> = {
  '/': siteMeta,
  '/auth': page('Sign In or Sign Up', 'Sign in to Skilly, or create a free account to save your income ideas and turn them into action plans.'),
  '/reset-password': page('Reset Your Password', 'Choose a new password for your Skilly account.'),
  '/ideas-trial': page('Your Income Ideas', 'The income ideas Skilly generated for your skill: sign up to save them and turn one into an action plan.'),
  '/generating': page('Generating', 'Skilly is generating your income ideas or action plan.'),
  '/dashboard': page('Dashboard', 'Your Skilly dashboard: credits, recent ideas and action plans.'),
  '/ideas': page('My Ideas', 'The income ideas Skilly generated for your skills.'),
  '/plans': page('My Plans', 'Your action plans and their progress.'),
  '/plan/:id': page('Action Plan', 'Your action plan: milestones, tasks and resources.'),
  '/upsell': page('Go Pro', 'Upgrade to Skilly Pro: more ideas, plans and credits every month, custom idea prompt tools and live 1-on-1 sessions.'),
  '/profile': page('Profile', 'Your Skilly profile, password and subscription.'),
  '/support': page('Support', 'Chat with the Skilly team about anything you need help with.'),
  '/faqs': page('FAQs and Platforms', 'Answers to common questions about Skilly, and a directory of platforms where you can turn your skills into income.'),
  '/company': page('Who We Are', 'Meet the founders behind Skilly: who we are, what we build and how to hire us on Fiverr.'),
  '/contact': page('Contact Us', 'Get in touch with the Skilly team: send us a message, or find our email, hours and response times.'),
  '/privacy': page('Privacy Policy', 'How Skilly collects, uses and protects your personal information, and the choices you have.'),
  '/terms': page('Terms of Use', 'The terms for using Skilly: accounts, subscriptions and payments, acceptable use and ownership of your content.'),
  '/blog': page('Blog', 'Ideas, guides and stories on turning a skill or passion into income.'),
  '/billing/test-checkout/:id': page('Test Checkout', 'The simulated payment page used when no payment provider is set up.'),
  '/billing/test-portal/:id': page('Test Billing Portal', 'The simulated billing portal used when no payment provider is set up.'),
};

/** The 404 page's (back-office §2). */
export const notFoundMeta: PageMeta = page('Page Not Found', "The page you're looking for seems to have vanished into thin air.");

/** A blog post's own title and description (its excerpt, or its title when it has none). */
export const blogPostMeta = (post: { title: string; excerpt: string | null }): PageMeta => ({
  title: `${post.title} | Skilly Blog`,
  description: post.excerpt || post.title,
});

/** /blog/{slug} with no readable post. */
export const blogPostNotFoundMeta: PageMeta = { title: 'Blog post not found | Skilly', description: 'This blog post does not exist or is not published.' };

/** The slug of a blog post's path (/blog/{slug}), or null for any other path. */
export function blogPostSlugOf(pathname: string): string | null {
  const match = /^\/blog\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

const fixedPatterns = Object.entries(fixedPageMeta).map(
  ([route, meta]) => [new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+').replace(/\/$/, '')}/?$`), meta] as const,
);

/**
 * The title and description of a path with a fixed one (a trailing slash allowed; `:id` is any
 * one segment); null for a blog post (its own, from the post) and for a path that is no page.
 */
export function fixedPageMetaFor(pathname: string): PageMeta | null {
  return fixedPatterns.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}
