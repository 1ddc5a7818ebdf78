import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { offerResponseSchema, proPrice, type OfferDto } from '../../../../../application/contracts/billing';
import { apiRoutes, type AppServices } from '../../../services';

/** When the welcome offer ends: UPSELL_OFFER_ENDS_AT, else 31 December of the current year, 23:59 UTC. */
export function offerEndsAt(configured: string | undefined, now: Date): string {
  if (configured) return new Date(configured).toISOString();
  return new Date(Date.UTC(now.getUTCFullYear(), 11, 31, 23, 59)).toISOString();
}

/** GET /api/billing/offer (public): the upsell page's offer (member-product §2 Upsell, §9). */
export function offerRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { config, clock } = services;
  return async (app) => {
    app.get(
      '/billing/offer',
      {
        schema: {
          operationId: 'getBillingOffer',
          tags: ['billing'],
          summary: 'The Pro offer of the upsell page: price, crossed-out list price, and when the offer ends',
          response: { 200: offerResponseSchema },
        },
      },
      async (): Promise<OfferDto> => ({
        endsAt: offerEndsAt(config.UPSELL_OFFER_ENDS_AT, clock.now()),
        amount: proPrice.amount,
        listAmount: proPrice.listAmount,
        currency: proPrice.currency,
        interval: proPrice.interval,
      }),
    );
  };
}

export default apiRoutes(offerRoutes);
