import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { redirectUrlResponseSchema, subscriptionResponseSchema } from '../../../../../application/contracts/billing';
import { memberOf } from '../../../plugins/sessions';
import { apiRoutes, type AppServices } from '../../../services';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

/** A member's Pro subscription (member-product §2 Upsell, Profile's Manage Subscription, §7 stripe calls). */
export function billingRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { billing } = services;

  return async (app) => {
    app.post(
      '/stripe/create-checkout-session',
      {
        schema: {
          operationId: 'createCheckoutSession',
          tags: ['billing'],
          summary: 'Open a checkout for the Pro subscription; the browser navigates to `url`',
          description:
            'With Stripe keys, a Stripe Checkout in subscription mode; without, the TEST checkout of the simulated gateway. ' +
            '409 "You already have an active Pro subscription" for a Pro member or one whose subscription is live. ' +
            'With an `Idempotency-Key` header a repeat answers the first url.',
          response: { 200: redirectUrlResponseSchema, ...errors, 409: errorResponseSchema, 502: errorResponseSchema },
        },
      },
      async (request) => {
        const { url } = await billing.startCheckout(memberOf(request), { requestId: request.id });
        return { url };
      },
    );

    app.post(
      '/stripe/create-portal-session',
      {
        schema: {
          operationId: 'createPortalSession',
          tags: ['billing'],
          summary: 'Open the subscription portal (Manage Subscription); the browser navigates to `url`',
          description:
            '403 "Manage Subscription is for Pro members" for a free member; 409 "There is no subscription to manage" for a Pro member ' +
            'without a subscription at the payment provider (made Pro by an admin).',
          response: { 200: redirectUrlResponseSchema, ...errors, 409: errorResponseSchema, 502: errorResponseSchema },
        },
      },
      async (request) => billing.openPortal(memberOf(request)),
    );

    app.get(
      '/billing/subscription',
      {
        config: { cachedPerMember: true },
        schema: {
          operationId: 'getBillingSubscription',
          tags: ['billing'],
          summary: "The signed-in member's Pro subscription: none, active, cancelling, past_due or ended",
          response: { 200: subscriptionResponseSchema, ...errors },
        },
      },
      async (request) => billing.subscriptionOf(memberOf(request)),
    );
  };
}

export default apiRoutes(billingRoutes);
