import type { BlogPost } from '../../backend/application/contracts/blog';
import { defaultCompanyContent } from '../../backend/application/contracts/company-content';
import { defaultContactContent } from '../../backend/application/contracts/contact';
import type { FaqDto } from '../../backend/application/contracts/faqs';
import { defaultHomepageContent } from '../../backend/application/contracts/homepage-content';
import { NOT_FOUND_PAGE, pageReadsOf } from '../../backend/application/contracts/page-routes';
import type { PlatformLinkDto } from '../../backend/application/contracts/platforms';

/**
 * A path of each prerendered route (contracts/page-routes.ts) and what its API reads would answer
 * on a site with one of everything: the build renders the island pages with these to learn which
 * class names their HTML can hold (public-stylesheet.ts), since an empty list draws other parts.
 */
const samplePost: BlogPost = {
  id: 'sample',
  title: 'A sample post',
  slug: 'sample-post',
  content: '<p>Sample</p>',
  excerpt: 'A sample excerpt',
  category: 'Guides',
  featuredImage: '/api/files/sample.png',
  status: 'published',
  publishDate: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  commentsCount: 0,
};
const sampleFaq: FaqDto = { id: 'sample', question: 'A question?', answer: 'An answer.', orderIndex: 0, createdAt: '2026-01-01T00:00:00.000Z' };
const samplePlatform: PlatformLinkDto = {
  id: 'sample',
  platformName: 'Sample',
  url: 'https://example.com',
  category: 'Freelance',
  description: 'A sample platform',
  logoUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const answerByPath: Record<string, unknown> = {
  '/api/homepage-content': defaultHomepageContent,
  '/api/faqs': [sampleFaq],
  '/api/skilly-urls': [samplePlatform],
  '/api/blog-posts': [samplePost],
  [`/api/blog-posts/${samplePost.slug}`]: samplePost,
  '/api/company-content': defaultCompanyContent,
  '/api/contact-content': defaultContactContent,
};

export function samplePathOf(route: string): string {
  if (route === NOT_FOUND_PAGE) return '/no-such-page';
  return route.replace(':slug', samplePost.slug);
}

export function sampleAnswersOf(route: string): Record<string, unknown> {
  return Object.fromEntries(pageReadsOf(route, samplePathOf(route)).map((path) => [path, answerByPath[path] ?? null]));
}
