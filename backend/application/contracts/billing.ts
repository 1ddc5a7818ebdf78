import { z } from 'zod';
import { paymentModes, paymentTypes } from '../../domain/billing/billing-events';

/**
 * Pro subscriptions and payments (member-product §2 Upsell, §4 upsell checkout, §7 stripe calls,
 * §8 checkout errors, §9; back-office §2 Billing tab, §3 Payment, §7). Shared by the server and
 * the React app.
 */

/** Pro's monthly price on the upsell page, and the list price it is crossed out against (§9). */
export const proPrice = { amount: 9.99, listAmount: 19.99, currency: 'usd', interval: 'month' } as const;

/** POST /api/stripe/create-checkout-session and create-portal-session: where the browser goes next. */
export const redirectUrlResponseSchema = z.object({ url: z.string() });
export type RedirectUrlResponse = z.infer<typeof redirectUrlResponseSchema>;

/** POST /api/stripe/webhook */
export const webhookResponseSchema = z.object({ received: z.literal(true) });

/** A payment as the admin Billing tab shows it (back-office §3). `created` is ISO 8601. */
export const paymentSchema = z.object({
  id: z.string(),
  mode: z.enum(paymentModes),
  type: z.enum(paymentTypes),
  status: z.string(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  currency: z.string(),
  /** In major units (9.99), as back-office §3 shows it; events and the read model keep the minor unit (999). */
  amount: z.number(),
  interval: z.string().nullable(),
  description: z.string(),
  created: z.string(),
  /** Recorded by the simulated gateway (its TEST checkout): nobody was charged. */
  simulated: z.boolean(),
});
export type PaymentDto = z.infer<typeof paymentSchema>;

/** GET /api/admin/stripe-payments: every recorded payment, newest first. */
export const paymentsResponseSchema = z.array(paymentSchema);

/** GET /api/billing/offer: the upsell offer (public). `endsAt` ISO 8601; past it the page says the offer has ended. */
export const offerResponseSchema = z.object({
  endsAt: z.string(),
  amount: z.number(),
  listAmount: z.number(),
  currency: z.string(),
  interval: z.string(),
});
export type OfferDto = z.infer<typeof offerResponseSchema>;

/**
 * GET /api/billing/subscription: the signed-in member's Pro subscription as they see it.
 * `none` before any; `active`; `cancelling` (ends at `currentPeriodEnd`); `past_due` (a renewal
 * failed, still Pro while the provider retries); `ended`.
 */
export const subscriptionStatuses = ['none', 'active', 'cancelling', 'past_due', 'ended'] as const;
export const subscriptionResponseSchema = z.object({
  status: z.enum(subscriptionStatuses),
  currentPeriodEnd: z.string().nullable(),
  mode: z.enum(paymentModes).nullable(),
  /** Whether "Manage Subscription" can open a portal (a provider customer exists). */
  canManage: z.boolean(),
});
export type SubscriptionDto = z.infer<typeof subscriptionResponseSchema>;

/** The simulated gateway's TEST pages (`/billing/test-checkout/{id}`, `/billing/test-portal/{id}`). */
export const testSessionParamsSchema = z.object({ id: z.string().max(100) });
export const testCheckoutSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'completed']),
  email: z.string(),
  amount: z.number(),
  currency: z.string(),
  interval: z.string(),
  description: z.string(),
  successUrl: z.string(),
  cancelUrl: z.string(),
});
export type TestCheckoutDto = z.infer<typeof testCheckoutSchema>;
export const testPortalSchema = z.object({
  id: z.string(),
  email: z.string(),
  returnUrl: z.string(),
  subscription: subscriptionResponseSchema,
});
export type TestPortalDto = z.infer<typeof testPortalSchema>;
/** POST …/pay, …/cancel-subscription, …/end-period: where the browser goes next. */
export const testActionResponseSchema = redirectUrlResponseSchema;
