import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { webhookResponseSchema } from '../../../../../application/contracts/billing';
import { DomainError } from '../../../../../domain/shared/domain-error';
import { apiRoutes, type AppServices } from '../../../services';

/** The gateway's refusal of a delivery whose signature does not match (`WebhookSignatureInvalid`, code invalid_signature). */
const isBadSignature = (error: unknown) => error instanceof DomainError && error.code === 'invalid_signature';

/**
 * POST /api/stripe/webhook (issue 29): the provider's events. The signature is checked over the
 * exact bytes received, so this module (its own plugin scope) keeps every body as the raw Buffer.
 * A missing or wrong signature is a 400 and nothing is taken; an event type billing does not
 * handle is answered 200 and ignored; every other event goes through the billing intake (taken
 * once per event id; 409 when no member is known for it yet, and the provider retries).
 */
export function stripeWebhookRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { billing, paymentGateway } = services;

  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post(
      '/stripe/webhook',
      {
        schema: {
          operationId: 'receiveStripeWebhook',
          tags: ['billing'],
          summary: 'The payment provider’s events, signed (Stripe-Signature header)',
          description:
            '400 "Invalid signature" when the signature is missing or does not match the raw body, and nothing is taken; ' +
            'without Stripe keys (simulated payments) there is no webhook secret and every delivery is refused so. ' +
            'Each provider event id is taken once; 409 when no member is known for the event yet.',
          headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
          response: { 200: webhookResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event;
        try {
          event = paymentGateway.readWebhook(body, request.headers['stripe-signature']);
        } catch (error) {
          if (!isBadSignature(error)) throw error;
          request.log.warn({ detail: (error as { detail?: string }).detail }, 'webhook refused: invalid signature');
          return reply.status(400).send({ message: 'Invalid signature', code: 'invalid_signature' });
        }
        if (event) await billing.takeProviderEvent(event, { requestId: request.id });
        return { received: true as const };
      },
    );
  };
}

export default apiRoutes(stripeWebhookRoutes);
