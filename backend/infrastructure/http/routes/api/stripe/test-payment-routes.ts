import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import {
  testActionResponseSchema,
  testCheckoutSchema,
  testPortalSchema,
  testSessionParamsSchema,
} from '../../../../../application/contracts/billing';
import { memberOf } from '../../../plugins/sessions';
import { awaitProjections } from '../../../read-your-writes';
import { apiRoutes, type AppServices } from '../../../services';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const notes = 'Simulated gateway only (no Stripe keys): 404 when Stripe is in use, and for another member’s session.';

/**
 * The simulated gateway's TEST checkout and portal (issue 29): what the pages at
 * `/billing/test-checkout/{id}` and `/billing/test-portal/{id}` show and do. Each action feeds
 * the provider events it causes through the billing intake, as a webhook would, and waits for
 * the read models so the next screen shows the member's new role.
 */
export function testPaymentRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { testPayments, progress } = services;

  return async (app) => {
    app.get(
      '/stripe/test-checkout/:id',
      {
        schema: {
          operationId: 'getTestCheckout',
          tags: ['billing'],
          summary: 'TEST: the simulated checkout ($9.99 a month, Skilly Pro)',
          description: notes,
          params: testSessionParamsSchema,
          response: { 200: testCheckoutSchema, ...errors },
        },
      },
      async (request) => testPayments.checkout(memberOf(request), request.params.id),
    );

    app.post(
      '/stripe/test-checkout/:id/pay',
      {
        schema: {
          operationId: 'payTestCheckout',
          tags: ['billing'],
          summary: 'TEST: "Pay $9.99": the subscription starts and the member is Pro; `url` is the success page',
          description: `${notes} Paying a session twice has one effect. 409 when the member is already Pro or subscribed.`,
          params: testSessionParamsSchema,
          response: { 200: testActionResponseSchema, 202: errorResponseSchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const paid = await testPayments.pay(memberOf(request), request.params.id, { requestId: request.id });
        if (!(await awaitProjections(progress, paid.position, reply))) return reply;
        return { url: paid.url };
      },
    );

    app.get(
      '/stripe/test-portal/:id',
      {
        schema: {
          operationId: 'getTestPortal',
          tags: ['billing'],
          summary: 'TEST: the simulated subscription portal',
          description: notes,
          params: testSessionParamsSchema,
          response: { 200: testPortalSchema, ...errors },
        },
      },
      async (request) => testPayments.portal(memberOf(request), request.params.id),
    );

    app.post(
      '/stripe/test-portal/:id/cancel-subscription',
      {
        schema: {
          operationId: 'cancelTestSubscription',
          tags: ['billing'],
          summary: 'TEST: cancel the subscription at the end of its period; `url` is the return page',
          description: notes,
          params: testSessionParamsSchema,
          response: { 200: testActionResponseSchema, 202: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const done = await testPayments.cancelSubscription(memberOf(request), request.params.id, { requestId: request.id });
        if (!(await awaitProjections(progress, done.position, reply))) return reply;
        return { url: done.url };
      },
    );

    app.post(
      '/stripe/test-portal/:id/end-period',
      {
        schema: {
          operationId: 'endTestPeriod',
          tags: ['billing'],
          summary: 'TEST: the period’s end arrives now: a cancelled subscription ends (the member is free), another renews',
          description: notes,
          params: testSessionParamsSchema,
          response: { 200: testActionResponseSchema, 202: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const done = await testPayments.endPeriod(memberOf(request), request.params.id, { requestId: request.id });
        if (!(await awaitProjections(progress, done.position, reply))) return reply;
        return { url: done.url };
      },
    );
  };
}

export default apiRoutes(testPaymentRoutes);
