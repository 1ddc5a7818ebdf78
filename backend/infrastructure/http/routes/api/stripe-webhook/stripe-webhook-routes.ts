import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { webhookResponseSchema } from '../../../../../application/contracts/billing';
import { DomainError } from '../../../../../domain/shared/domain-error';
import { apiRoutes, type AppServices } from '../../../services';

/** The gateway's refusal of a delivery whose signature does not match (`WebhookSignatureInvalid`, code invalid_signature). */
const isBadSignature = (error: unknown) => error instanceof DomainError && error.code === 'invalid_signature';
/** A signed event the gateway could not read (`WebhookMalformed`). */
const isMalformed = (error: unknown): error is DomainError & { eventId: string; eventType: string; detail: string } =>
  error instanceof DomainError && error.code === 'malformed_webhook';

/**
 * POST /api/stripe/webhook (issue 29): the provider's events. The signature is checked over the
 * exact bytes received, so this module (its own plugin scope) keeps every body as the raw Buffer.
 * A missing or wrong signature is a 400 and nothing is taken; an event type billing does not
 * handle is answered 200 and ignored; a signed event that cannot be read is a 400 and kept in the
 * inbox as refused; every other event goes through the billing intake (taken once per event id;
 * one that names no member of ours is kept in the inbox as not ours and answered 200, so the
 * provider does not retry it).
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
            '400 "Malformed event" when the signed event cannot be read (kept in the inbox as refused, nothing taken). ' +
            'Each provider event id is taken once; an event naming no member of ours is recorded as not ours and answered 200.',
          headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
          response: { 200: webhookResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event;
        try {
          event = paymentGateway.readWebhook(body, request.headers['stripe-signature']);
        } catch (error) {
          if (isMalformed(error)) {
            await billing.refuseProviderEvent({ eventId: error.eventId, eventType: error.eventType, detail: error.detail });
            return reply.status(400).send({ message: 'Malformed event', code: 'malformed_webhook' });
          }
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
