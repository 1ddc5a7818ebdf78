import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformLinks } from '../../../../../application/content/platform-links';
import { platformLinkListSchema } from '../../../../../application/contracts/platforms';
import { apiRoutes, type AppServices } from '../../../services';

/** The platform directory of /faqs (back-office §2 Public pages, §7 Public): everyone reads it. */
export function skillyUrlsRoutes(services: AppServices): FastifyPluginAsyncZod {
  const links = platformLinks(services.database.db, services);
  return async (app) => {
    app.get(
      '/skilly-urls',
      { schema: { operationId: 'listPlatformLinks', tags: ['content'], summary: 'The platform directory, in the order the links were added', response: { 200: platformLinkListSchema } } },
      async () => links.list(),
    );
  };
}

export default apiRoutes(skillyUrlsRoutes);
