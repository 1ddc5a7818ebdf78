import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homepageContentSchema } from '../../../../../application/contracts/homepage-content';
import { readHomepageContent } from '../../../../../application/content/homepage-content';
import { apiRoutes, type AppServices } from '../../../services';

export function homepageContentRoutes(services: AppServices): FastifyPluginAsyncZod {
  const db = services.database.db;
  return async (app) => {
    app.get(
      '/homepage-content',
      { schema: { operationId: 'getHomepageContent', tags: ['content'], summary: 'Texts of the landing page', response: { 200: homepageContentSchema } } },
      async () => readHomepageContent(db),
    );
  };
}

export default apiRoutes(homepageContentRoutes);
