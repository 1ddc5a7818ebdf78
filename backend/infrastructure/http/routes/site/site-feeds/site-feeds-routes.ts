import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageRoutes } from '../../../../../application/contracts/page-routes';
import { BLOG_FEED_PATH, BLOG_FEED_SIZE, blogFeedXml, robotsTxt, sitemapXml } from '../../../../../application/blog/site-feeds';
import { apiRoutes, type AppServices } from '../../../services';

/** Crawlers and feed readers may keep an answer five minutes: a post published now shows within that. */
const CACHE_CONTROL = 'public, max-age=300';

/**
 * What makes the site findable (issue 54), at the site's root: the sitemap, robots.txt and the
 * blog's Atom feed, every address absolute on PUBLIC_URL (application/blog/site-feeds.ts). The
 * posts are the public ones of GET /api/blog-posts (the blog service's own rule, at each request).
 * Not in the OpenAPI document: they answer crawlers with XML and text, not callers with JSON.
 * HEAD is answered by fastify from each GET.
 */
export function siteFeedsRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { blog } = services;
  const publicUrl = services.config.PUBLIC_URL;
  return async (app) => {
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', CACHE_CONTROL)
        .send(sitemapXml(publicUrl, await blog.listPublicLinks())),
    );

    const robots = robotsTxt(publicUrl, pageRoutes);
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(robots),
    );

    app.get(BLOG_FEED_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('application/atom+xml; charset=utf-8')
        .header('cache-control', CACHE_CONTROL)
        .send(blogFeedXml(publicUrl, await blog.listPublic(BLOG_FEED_SIZE))),
    );
  };
}

export default apiRoutes(siteFeedsRoutes);
