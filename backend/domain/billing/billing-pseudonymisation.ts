import type { PaymentRecorded } from './billing-events';

/**
 * What of a member's billing history is personal, and the history without it (erasure keeps the
 * books: design §3.5, issue 48). Of the billing events only `PaymentRecorded` names a person:
 * the invoice's customer name and email, as the provider had them. Everything else is money and
 * provider ids (amounts, currency, dates, invoice, subscription and customer ids, the provider's
 * own line description), which finance needs after the member is gone: the erased member's
 * `billing-{userId}` stream is written again without those two fields rather than deleted, so
 * past revenue and `finance reconcile` do not change when someone is erased.
 */

type BillingEventLike = { type: string; data: Record<string, unknown> };

function paymentOf(event: BillingEventLike): PaymentRecorded['data']['payment'] | null {
  return event.type === 'PaymentRecorded' ? ((event.data as unknown as PaymentRecorded['data']).payment ?? null) : null;
}

/** Whether the event names the person: a payment with a customer name or email. */
export function billingEventCarriesPersonalData(event: BillingEventLike): boolean {
  const payment = paymentOf(event);
  return payment !== null && (payment.customerName != null || payment.customerEmail != null);
}

/** The event's data without the person in it (the customer's name and email cleared); other events as they are. */
export function billingEventWithoutPersonalData<E extends BillingEventLike>(event: E): E['data'] {
  const payment = paymentOf(event);
  if (payment === null) return event.data;
  return { ...event.data, payment: { ...payment, customerName: null, customerEmail: null } };
}

