import type { AppendContext } from '../../backend/application/ports/event-store';

/** An append by the test system at any stream version, for tests that write events straight to a store. */
export const testAppendContext: AppendContext = {
  expectedVersion: 'any',
  actor: { kind: 'system', name: 'test' },
  occurredAt: new Date(),
  causationId: 'c',
  correlationId: 'c',
};
