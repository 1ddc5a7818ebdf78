import { toMinorUnits } from '../../domain/billing/currency';
import type { EventStore, RecordedEvent } from '../ports/event-store';

/**
 * Turns an event stored at `fromVersion` into the shape of `fromVersion + 1`. Stored events
 * are never rewritten: readers see every event in its current shape.
 */
export interface Upcaster {
  type: string;
  fromVersion: number;
  upcast(data: Record<string, unknown>): Record<string, unknown>;
}

export function upcastEvent(event: RecordedEvent, upcasters: readonly Upcaster[]): RecordedEvent {
  let current = event;
  for (;;) {
    const step = upcasters.find((u) => u.type === current.type && u.fromVersion === current.schemaVersion);
    if (!step) return current;
    current = { ...current, schemaVersion: current.schemaVersion + 1, data: step.upcast(current.data) };
  }
}

/** An event store whose reads return every event upcast to its current schema version. */
export function withUpcasting(store: EventStore, upcasters: readonly Upcaster[]): EventStore {
  if (upcasters.length === 0) return store;
  return {
    name: store.name,
    append: (stream, events, context) => store.append(stream, events, context),
    readStream: async (stream, options) => (await store.readStream(stream, options)).map((e) => upcastEvent(e, upcasters)),
    readAll: async (options) => (await store.readAll(options)).map((e) => upcastEvent(e, upcasters)),
    headPosition: () => store.headPosition(),
    committedReadable: (timeoutMs) => store.committedReadable(timeoutMs),
    deleteStream: (stream) => store.deleteStream(stream),
    onAppended: (listener) => store.onAppended(listener),
    close: () => store.close(),
  };
}

function paymentInMinorUnits(payment: Record<string, unknown>): Record<string, unknown> {
  return { ...payment, amount: toMinorUnits(payment.amount as number, payment.currency as string) };
}

/** Upcasters of every event type in the product. */
export const upcasters: readonly Upcaster[] = [
  // v2 added why the answer ended and whether the tokens were estimated (issue 20).
  { type: 'AiCallRecorded', fromVersion: 1, upcast: (data) => ({ ...data, finishReason: null, usageEstimated: false }) },
  // v3 names the AI configuration version the call used (issue 33); older calls did not record it.
  { type: 'AiCallRecorded', fromVersion: 2, upcast: (data) => ({ ...data, configVersion: null }) },
  // v2 carries amounts as integers of the currency's minor unit (issue 48); v1 had major units (9.99).
  { type: 'PaymentRecorded', fromVersion: 1, upcast: (data) => ({ ...data, payment: paymentInMinorUnits(data.payment as Record<string, unknown>) }) },
  { type: 'PaymentRefunded', fromVersion: 1, upcast: (data) => ({ ...data, amount: toMinorUnits(data.amount as number, data.currency as string) }) },
];
