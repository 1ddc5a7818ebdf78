import { describe, expect, it } from 'vitest';
import type { PaymentFacts } from './billing-events';
import { billingEventCarriesPersonalData, billingEventWithoutPersonalData } from './billing-pseudonymisation';

const payment: PaymentFacts = {
  paymentId: 'in_1',
  mode: 'live',
  type: 'subscription',
  status: 'paid',
  amount: 999,
  currency: 'usd',
  interval: 'month',
  description: 'Skilly Pro (monthly)',
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  created: '2026-03-01T10:01:00.000Z',
  subscriptionId: 'sub_1',
};
const recorded = (facts: Partial<PaymentFacts> = {}) => ({
  type: 'PaymentRecorded',
  data: { providerEventId: 'evt_paid', eventCreated: '2026-03-01T10:01:00.000Z', payment: { ...payment, ...facts } },
});
const activated = {
  type: 'SubscriptionActivated',
  data: { providerEventId: 'evt_checkout', subscriptionId: 'sub_1', customerId: 'cus_1', mode: 'live', currentPeriodEnd: null },
};

describe("a member's billing history at erasure", () => {
  it('names the person only in a recorded payment with a customer name or email', () => {
    expect(billingEventCarriesPersonalData(recorded())).toBe(true);
    expect(billingEventCarriesPersonalData(recorded({ customerEmail: null }))).toBe(true);
    expect(billingEventCarriesPersonalData(recorded({ customerName: null }))).toBe(true);
    expect(billingEventCarriesPersonalData(recorded({ customerName: null, customerEmail: null }))).toBe(false);
    expect(billingEventCarriesPersonalData(activated)).toBe(false);
  });

  it('does not mistake another event for a payment, nor a payment event without its payment', () => {
    expect(billingEventCarriesPersonalData({ type: 'PaymentRefunded', data: { payment } })).toBe(false);
    expect(billingEventCarriesPersonalData({ type: 'PaymentRecorded', data: { providerEventId: 'evt_paid' } })).toBe(false);
  });

  it('is written again without the customer name and email, keeping the money, ids and dates', () => {
    expect(billingEventWithoutPersonalData(recorded())).toEqual({
      providerEventId: 'evt_paid',
      eventCreated: '2026-03-01T10:01:00.000Z',
      payment: { ...payment, customerName: null, customerEmail: null },
    });
  });

  it('keeps every other event as it was', () => {
    expect(billingEventWithoutPersonalData(activated)).toBe(activated.data);
    const withoutPayment = { type: 'PaymentRecorded', data: { providerEventId: 'evt_paid' } };
    expect(billingEventWithoutPersonalData(withoutPayment)).toBe(withoutPayment.data);
  });
});
