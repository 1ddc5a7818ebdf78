import { createBlogService } from '../../application/blog/blog-posts';
import type { Platform } from './platform';
import { blogPostsEraser } from '../../application/blog/blog-posts';
import { defineSlice } from '../slices/slice';

/** The blog (issue 33): posts in a plain table (its images go through `adminImages`, site-pages.ts). */
export function blogContext(platform: Platform) {
  const { database, clock, ids } = platform;
  return { blog: createBlogService({ db: database.db, clock, ids }) };
}

/** The blog's slice (its admin routes are in the `admin` folder). */
export const blogSlice = defineSlice({
  name: 'blog',
  context: (platform) => blogContext(platform),
  routeFolders: ['blog-posts'],
  erasers: (platform) => [blogPostsEraser(platform.database.db)],
});
