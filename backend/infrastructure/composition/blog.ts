import { createBlogService } from '../../application/blog/blog-posts';
import type { Platform } from './platform';

/** The blog (issue 33): posts in a plain table (its images go through `adminImages`, site-pages.ts). */
export function blogContext(platform: Platform) {
  const { database, clock, ids } = platform;
  return { blog: createBlogService({ db: database.db, clock, ids }) };
}
