import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminStatsQuerySchema,
  adminStatsSchema,
  apiCostQuerySchema,
  apiCostSchema,
  backfillResponseSchema,
} from '../../../../../application/contracts/admin-stats';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { apiRoutes, type AppServices } from '../../../services';

/** The admin Dashboard tab (back-office §2, §3, §7): stats, API cost, analytics backfill. Admins only (the folder's autohooks). */
export function adminStatsRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { adminStats, apiCost, analyticsBackfill } = services;
  const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
  return async (app) => {
    app.get(
      '/admin/stats',
      {
        schema: {
          operationId: 'getAdminStats',
          tags: ['admin'],
          summary: 'Admins: the platform figures of the Dashboard tab (revenue counted by payment mode)',
          querystring: adminStatsQuerySchema,
          response: { 200: adminStatsSchema, 400: errorResponseSchema, ...denied },
        },
      },
      async (request) => adminStats.stats(request.query.mode),
    );
    app.get(
      '/admin/api-cost',
      {
        schema: {
          operationId: 'getApiCost',
          tags: ['admin'],
          summary: 'Admins: AI usage (all time or this UTC month) priced with the configured token costs',
          querystring: apiCostQuerySchema,
          response: { 200: apiCostSchema, 400: errorResponseSchema, ...denied },
        },
      },
      async (request) => apiCost.apiCost(request.query.period),
    );
    app.post(
      '/admin/backfill-analytics',
      {
        schema: {
          operationId: 'backfillAnalytics',
          tags: ['admin'],
          summary: 'Admins: rebuild the analytics read models from the event log; answers the idea sets and plans counted',
          response: { 200: backfillResponseSchema, ...denied, 409: errorResponseSchema },
        },
      },
      async () => analyticsBackfill.backfill(),
    );
  };
}

export default apiRoutes(adminStatsRoutes);
