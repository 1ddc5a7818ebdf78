import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { paymentsResponseSchema } from '../../../../../application/contracts/billing';
import { apiRoutes, type AppServices } from '../../../services';

/** GET /api/admin/stripe-payments (back-office §2 Billing tab, §3, §7): every recorded payment, newest first. */
export function stripePaymentsRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { billing } = services;
  return async (app) => {
    app.get(
      '/admin/stripe-payments',
      {
        schema: {
          operationId: 'listStripePayments',
          tags: ['billing', 'admin'],
          summary: 'Admins: every payment recorded (live and test), newest first',
          response: { 200: paymentsResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async () => billing.payments(),
    );
  };
}

export default apiRoutes(stripePaymentsRoutes);
