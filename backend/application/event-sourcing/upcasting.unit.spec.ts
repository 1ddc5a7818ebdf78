import { describe, expect, it } from 'vitest';
import { aiCallDecider } from '../../domain/ai-usage/ai-call';
import { billingAccountDecider } from '../../domain/billing/billing-account';
import type { RecordedEvent } from '../ports/event-store';
import { upcastEvent, upcasters } from './upcasting';

describe('AI call records written before v2', () => {
  it('are read with no finish reason and exact usage', () => {
    const v1 = {
      callId: 'call-1',
      kind: 'ideas',
      generator: 'openai',
      model: 'gpt-4o-mini',
      inputTokens: 812,
      outputTokens: 1490,
      costUsd: 0.016925,
      userId: null,
      audience: 'visitor',
      outcome: 'succeeded',
      errorType: null,
    };
    const stored = { type: 'AiCallRecorded', schemaVersion: 1, data: v1 } as unknown as RecordedEvent;
    const read = upcastEvent(stored, upcasters);
    expect(read.schemaVersion).toBe(aiCallDecider.schemaVersions.AiCallRecorded);
    expect(read.data).toEqual({ ...v1, finishReason: null, usageEstimated: false, configVersion: null });
  });
});

describe('AI call records written at v2', () => {
  it('are read with no configuration version (issue 33 added it)', () => {
    const v2 = { callId: 'call-2', kind: 'plan', model: 'gpt-4o-mini', finishReason: 'stop', usageEstimated: false };
    const read = upcastEvent({ type: 'AiCallRecorded', schemaVersion: 2, data: v2 } as unknown as RecordedEvent, upcasters);
    expect(read.schemaVersion).toBe(3);
    expect(read.data).toEqual({ ...v2, configVersion: null });
  });
});

describe('payments and refunds written at v1 (amounts in major units)', () => {
  const paymentV1 = {
    providerEventId: 'evt_1',
    payment: {
      paymentId: 'in_1', mode: 'live', type: 'subscription', status: 'paid', amount: 9.99, currency: 'usd', interval: 'month',
      description: 'Skilly Pro', customerName: 'Ada', customerEmail: 'ada@example.com', created: '2026-01-15T10:00:00.000Z', subscriptionId: 'sub_1',
    },
  };

  it('are read with the amount as an integer of the currency\'s minor unit (9.99 usd is 999)', () => {
    const read = upcastEvent({ type: 'PaymentRecorded', schemaVersion: 1, data: paymentV1 } as unknown as RecordedEvent, upcasters);
    expect(read.schemaVersion).toBe(billingAccountDecider.schemaVersions.PaymentRecorded);
    expect(read.data).toEqual({ ...paymentV1, payment: { ...paymentV1.payment, amount: 999 } });
  });

  it('keep whole yen whole and the third digit of dinars', () => {
    const jpy = upcastEvent({ type: 'PaymentRecorded', schemaVersion: 1, data: { ...paymentV1, payment: { ...paymentV1.payment, amount: 1000, currency: 'jpy' } } } as unknown as RecordedEvent, upcasters);
    const kwd = upcastEvent({ type: 'PaymentRecorded', schemaVersion: 1, data: { ...paymentV1, payment: { ...paymentV1.payment, amount: 1.234, currency: 'kwd' } } } as unknown as RecordedEvent, upcasters);
    expect([(jpy.data as typeof paymentV1).payment.amount, (kwd.data as typeof paymentV1).payment.amount]).toEqual([1000, 1234]);
  });

  it('read a refund\'s amount in minor units too', () => {
    const refundV1 = { paymentId: 'in_1', refundId: 're_1', subscriptionId: 'sub_2', amount: 9.99, currency: 'usd', mode: 'live', reason: 'duplicate_subscription', refundedAt: '2026-01-15T10:01:00.000Z' };
    const read = upcastEvent({ type: 'PaymentRefunded', schemaVersion: 1, data: refundV1 } as unknown as RecordedEvent, upcasters);
    expect(read.schemaVersion).toBe(billingAccountDecider.schemaVersions.PaymentRefunded);
    expect(read.data).toEqual({ ...refundV1, amount: 999 });
  });

  it('leave events written at v2 as they are', () => {
    const v2 = { ...paymentV1, payment: { ...paymentV1.payment, amount: 999 } };
    expect(upcastEvent({ type: 'PaymentRecorded', schemaVersion: 2, data: v2 } as unknown as RecordedEvent, upcasters).data).toEqual(v2);
  });
});
