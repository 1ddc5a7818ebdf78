import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { homepageContentSchema, saveHomepageContentRequestSchema } from '../../../../../application/contracts/homepage-content';
import { saveHomepageContent } from '../../../../../application/content/homepage-content';
import { apiRoutes, type AppServices } from '../../../services';

export function homepageContentAdminRoutes(services: AppServices): FastifyPluginAsyncZod {
  const db = services.database.db;
  return async (app) => {
    app.put(
      '/admin/homepage-content',
      {
        schema: {
          operationId: 'saveHomepageContent',
          tags: ['content', 'admin'],
          summary: 'Replace the landing page texts (admin)',
          body: saveHomepageContentRequestSchema,
          response: { 200: homepageContentSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => {
        const content = 'content' in request.body ? request.body.content : request.body;
        return saveHomepageContent(db, content, { userId: request.user!.id, now: services.clock.now() });
      },
    );
  };
}

export default apiRoutes(homepageContentAdminRoutes);
