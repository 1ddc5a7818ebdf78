import type { Decider, DomainEvent } from '../../domain/shared/decider';
import {
  WrongExpectedVersionError,
  type AllPosition,
  type EventStore,
  type RecordedEvent,
} from '../ports/event-store';
import type { IdGenerator } from '../ports/system';
import { metadataOf, type CommandContext, type CommandInput } from './command-context';

export type { CommandContext, CommandInput } from './command-context';

export interface CommandOutcome<Event, State> {
  newEvents: Event[];
  state: State;
  /** Position of the last new event, or null when the command changed nothing. */
  position: AllPosition | null;
  streamVersion: number;
}

export function foldStream<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: RecordedEvent[],
): State {
  return events.reduce((state, e) => decider.evolve(state, { type: e.type, data: e.data } as unknown as Event), decider.initialState);
}

const MAX_ATTEMPTS = 5;

export interface CommandOptions {
  /** How many times the cycle may run before a version conflict is given up (default 5). */
  maxAttempts?: number;
}

/**
 * Load → fold → decide → append with the version that was read. When another writer got
 * there first the whole cycle runs again on the fresh state, so the decision is always made
 * on the latest history. `context` is the one source of the command's metadata (actor, now)
 * and of the appended events' metadata (actor, occurredAt, causation, correlation).
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  deps: { eventStore: EventStore; ids: IdGenerator },
  decider: Decider<Command, Event, State>,
  streamName: string,
  command: (state: State) => CommandInput<Command> | Promise<CommandInput<Command>>,
  context: CommandContext,
  options: CommandOptions = {},
): Promise<CommandOutcome<Event, State>> {
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    const history = await deps.eventStore.readStream(streamName);
    const state = foldStream(decider, history);
    const currentVersion = history.length === 0 ? -1 : history[history.length - 1].streamVersion;
    const newEvents = decider.decide({ ...(await command(state)), metadata: metadataOf(context) } as Command, state);
    if (newEvents.length === 0) return { newEvents, state, position: null, streamVersion: currentVersion };
    try {
      const result = await deps.eventStore.append(
        streamName,
        newEvents.map((event) => ({
          id: deps.ids.next(),
          type: event.type,
          schemaVersion: decider.schemaVersions[event.type as Event['type']],
          data: event.data as Record<string, unknown>,
        })),
        {
          expectedVersion: currentVersion === -1 ? 'no_stream' : currentVersion,
          actor: context.actor,
          occurredAt: context.now,
          causationId: context.causationId,
          correlationId: context.correlationId,
        },
      );
      return {
        newEvents,
        state: newEvents.reduce(decider.evolve, state),
        position: result.position,
        streamVersion: result.streamVersion,
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError && attempt < maxAttempts) continue;
      throw error;
    }
  }
}
