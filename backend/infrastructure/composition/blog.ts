import { createBlogService } from '../../application/blog/blog-posts';
import type { Platform } from './platform';
import { blogPostsEraser } from '../../application/blog/blog-posts';
import { siteRouteFolder } from '../slices/product';
import { defineSlice } from '../slices/slice';
import { callers } from '../slices/callers';

/** The blog (issue 33): posts in a plain table (its images go through `adminImages`, site-pages.ts). */
export function blogContext(platform: Platform) {
  const { database, clock, ids } = platform;
  return { blog: createBlogService({ db: database.db, clock, ids }) };
}

/**
 * The blog's slice (its admin routes are in the `admin` folder). `site-feeds` (issue 54, at the
 * site's root, not in the OpenAPI document so in no row below): /sitemap.xml, /robots.txt and
 * the Atom feed /blog/feed.xml, from the public posts.
 */
export const blogSlice = defineSlice({
  name: 'blog',
  context: (platform) => blogContext(platform),
  routeFolders: ['blog-posts', siteRouteFolder('site-feeds')],
  erasers: (platform) => [blogPostsEraser(platform.database.db)],
  // Who may call each of its operations (the role matrix: tests/reliability/role-matrix.int.spec.ts).
  callers: {
    // Blog (issue 33): the public reads for everyone (a made-up slug is a 404), the rest admin only.
    listBlogPosts: callers.everyone,
    getBlogPost: callers.everyone,
    listAdminBlogPosts: callers.admins,
    createBlogPost: callers.admins,
    updateBlogPost: callers.admins,
    deleteBlogPost: callers.admins,
    uploadBlogImage: callers.admins,
  },
});
