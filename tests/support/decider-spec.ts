import { expect } from 'vitest';
import type { Decider, DomainEvent } from '../../backend/domain/shared/decider';
import { DomainError } from '../../backend/domain/shared/domain-error';

/**
 * Decider tests read as specifications:
 *   spec.given([registered]).when(disable).then([disabled])
 */
export function deciderSpec<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
  return {
    given(events: Event[]) {
      const state = events.reduce(decider.evolve, decider.initialState);
      return {
        when(command: Command) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: Event[]) {
              expect(run()).toEqual(expected);
            },
            thenNothingHappens() {
              expect(run()).toEqual([]);
            },
            /** `detail.kind` and `detail.data`, when given, must be the error's exactly. */
            thenThrows(code: string, detail?: { kind?: string; data?: object }) {
              let caught: unknown;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught, `expected a DomainError "${code}"`).toBeInstanceOf(DomainError);
              expect((caught as DomainError).code).toBe(code);
              if (detail?.kind !== undefined) expect((caught as DomainError).kind).toBe(detail.kind);
              if (detail?.data !== undefined) expect((caught as DomainError).data).toEqual(detail.data);
            },
          };
        },
        thenState(expected: Partial<State>) {
          expect(state).toMatchObject(expected as object);
        },
      };
    },
  };
}
