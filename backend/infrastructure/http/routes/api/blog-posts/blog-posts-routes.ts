import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { blogPostListSchema, blogPostSchema, blogPostSlugParamsSchema } from '../../../../../application/contracts/blog';
import { apiRoutes, type AppServices } from '../../../services';

/** The public blog (back-office §2 /blog, /blog/{slug}; §7): what is published, or scheduled and due, now. */
export function blogPostsRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { blog } = services;
  return async (app) => {
    app.get(
      '/blog-posts',
      {
        schema: {
          operationId: 'listBlogPosts',
          tags: ['blog'],
          summary: 'Published blog posts, newest publish date first',
          description: 'Published posts, and scheduled posts whose publish date has passed (decided at each request).',
          response: { 200: blogPostListSchema },
        },
      },
      async () => blog.listPublic(),
    );

    app.get(
      '/blog-posts/:slug',
      {
        schema: {
          operationId: 'getBlogPost',
          tags: ['blog'],
          summary: 'One published blog post by its slug',
          description: 'A draft, or a scheduled post before its time, is not found (404 "Blog post not found").',
          params: blogPostSlugParamsSchema,
          response: { 200: blogPostSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => blog.getPublic(request.params.slug),
    );
  };
}

export default apiRoutes(blogPostsRoutes);
