import type { Decider, DomainEvent } from '../../domain/shared/decider';
import { DomainError } from '../../domain/shared/domain-error';
import {
  WrongExpectedVersionError,
  type AllPosition,
  type EventStore,
  type RecordedEvent,
} from '../ports/event-store';
import type { IdGenerator } from '../ports/system';
import type { AggregateCache } from './aggregate-cache';
import { metadataOf, type CommandContext, type CommandInput } from './command-context';

export type { CommandContext, CommandInput } from './command-context';

export interface CommandOutcome<Event, State> {
  newEvents: Event[];
  /** The state the command was decided on (the one `newEvents` were appended to). */
  decidedOn: State;
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

/**
 * Each lost version race means another writer's events landed, so a burst of N writers on one
 * stream needs up to N rounds to settle. With the jittered pause below, 50 writers at once
 * settle well within this bound; past it the command is refused as a conflict, never a 5xx.
 */
const MAX_ATTEMPTS = 60;
/** The pause after the n-th lost race is random in [0, min(cap, base · 2^(n-1))) ms ("full jitter"). */
const BACKOFF_BASE_MS = 2;
const BACKOFF_CAP_MS = 100;

export interface CommandOptions<State = unknown> {
  /** How many times the cycle may run before a version conflict is given up (default 60). */
  maxAttempts?: number;
  /**
   * The stream's last folded state in this process (`AggregateCache`): the first attempt decides
   * on it without reading the history; a refused append (the stream moved on) reads it afresh,
   * and a refusal or a no-op stands once the events after its version are read and none came.
   */
  cache?: AggregateCache<State>;
}

/** The stream changed under the command on every attempt: the caller may reload and try again. */
export const ConcurrentChange = (category: string) => new DomainError('concurrent_change', 'conflict', { category });

/** A random pause after the `attempt`-th lost race, so the writers that lost together do not retry together. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  return random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Load → fold → decide → append with the version that was read. When another writer got
 * there first the whole cycle runs again on the fresh state, so the decision is always made
 * on the latest history; after a lost race it pauses a random, growing while, and when every
 * attempt lost it refuses with `concurrent_change` (a 409). With `options.cache` the first
 * attempt starts from the state this process last folded or produced, and reads the history
 * only when that turns out not to be the latest (for a refusal or a no-op, only the events after
 * that state's version). `context` is the one source of the command's
 * metadata (actor, now) and of the appended events' metadata (actor, occurredAt, causation,
 * correlation).
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  deps: { eventStore: EventStore; ids: IdGenerator },
  decider: Decider<Command, Event, State>,
  streamName: string,
  command: (state: State) => CommandInput<Command> | Promise<CommandInput<Command>>,
  context: CommandContext,
  options: CommandOptions<State> = {},
): Promise<CommandOutcome<Event, State>> {
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const { cache } = options;
  for (let attempt = 1; ; attempt++) {
    const cached = attempt === 1 ? cache?.get(streamName) : undefined;
    let latest: { state: State; version: number } | undefined;
    if (cached) {
      // Only an append is checked against the stream's version: a refusal or a no-op decided
      // on a state another process may have moved on stands only if nothing came after it.
      let refusal: DomainError | undefined;
      let newEvents: Event[];
      try {
        newEvents = decider.decide({ ...(await command(cached.state)), metadata: metadataOf(context) } as Command, cached.state);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        refusal = error;
        newEvents = [];
      }
      if (newEvents.length > 0) {
        const outcome = await appendDecided(cached.state, cached.version, newEvents, attempt);
        if (outcome) return outcome;
        continue;
      }
      latest = await caughtUp(cached);
      if (latest === cached) {
        if (refusal) throw refusal;
        return { newEvents, decidedOn: cached.state, state: cached.state, position: null, streamVersion: cached.version };
      }
      if (!latest) cache!.forget(streamName);
    }
    if (!latest) {
      const history = await deps.eventStore.readStream(streamName);
      latest = { state: foldStream(decider, history), version: history.length === 0 ? -1 : history[history.length - 1].streamVersion };
      if (latest.version >= 0) cache?.set(streamName, latest.version, latest.state);
    }
    const { state, version: currentVersion } = latest;
    const newEvents = decider.decide({ ...(await command(state)), metadata: metadataOf(context) } as Command, state);
    if (newEvents.length === 0) return { newEvents, decidedOn: state, state, position: null, streamVersion: currentVersion };
    const outcome = await appendDecided(state, currentVersion, newEvents, attempt);
    if (outcome) return outcome;
  }

  /**
   * The stream as it stands, from the state `cached` holds: only the events after its version are
   * read (a refusal of a long stream's command, say a full milestone, read and folded the whole
   * history each time). `cached` itself when nothing came after it; undefined when the stream
   * no longer has the event the state was folded to (deleted): the caller reads it whole.
   */
  async function caughtUp(cached: { state: State; version: number }): Promise<{ state: State; version: number } | undefined> {
    const events = await deps.eventStore.readStream(streamName, { fromVersion: cached.version });
    const from = events.findIndex((e) => e.streamVersion === cached.version);
    if (from === -1) return undefined;
    const later = events.slice(from + 1);
    if (later.length === 0) return cached;
    const state = foldStream({ initialState: cached.state, evolve: decider.evolve }, later);
    const version = later[later.length - 1].streamVersion;
    cache!.set(streamName, version, state);
    return { state, version };
  }

  /**
   * Appends what was decided on `state` (read at `currentVersion`). Answers undefined when
   * another writer moved the stream on meanwhile, after the pause that follows the `attempt`-th
   * lost race (past the last attempt: `concurrent_change`).
   */
  async function appendDecided(
    state: State,
    currentVersion: number,
    newEvents: Event[],
    attempt: number,
  ): Promise<CommandOutcome<Event, State> | undefined> {
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
      const newState = newEvents.reduce(decider.evolve, state);
      cache?.set(streamName, result.streamVersion, newState);
      return {
        newEvents,
        decidedOn: state,
        state: newState,
        position: result.position,
        streamVersion: result.streamVersion,
      };
    } catch (error) {
      cache?.forget(streamName);
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt >= maxAttempts) throw ConcurrentChange(streamName.slice(0, streamName.indexOf('-')));
      await pause(backoffMs(attempt));
      return undefined;
    }
  }
}
