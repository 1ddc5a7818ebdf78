import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes, type AppServices } from '../../../services';

const outcomeSchema = z.object({ at: z.string(), ok: z.boolean(), detail: z.string() }).nullable();
const detailsSchema = z.object({
  ai: z.object({
    generator: z.enum(['openai', 'offline']),
    baseURL: z.string().nullable(),
    startupCheck: outcomeSchema,
    lastCall: outcomeSchema,
  }),
});

export function healthDetailsRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health/details',
      {
        schema: {
          operationId: 'getHealthDetails',
          tags: ['operations'],
          summary: 'Admins: the AI provider\'s start-up check and last call (never the key)',
          response: { 200: detailsSchema },
        },
      },
      async () => ({ ai: services.aiStatus() }),
    );
  };
}

export default apiRoutes(healthDetailsRoutes);
