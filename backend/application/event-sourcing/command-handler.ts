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

/** A stream's state folded up to `version` (-1: no stream), and the id of the event there when known. */
type Folded<State> = { state: State; version: number; eventId?: string };

export interface CommandOptions<State = unknown> {
  /** How many times the cycle may run before a version conflict is given up (default 60). */
  maxAttempts?: number;
  /**
   * The stream's last folded state in this process (`AggregateCache`): the first attempt decides
   * on it without reading the history; a refused append (the stream moved on) reads the events
   * after its version, and a refusal or a no-op stands once those are read and none came.
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
 * there first the cycle runs again on the fresh state (the events after the version decided on,
 * folded onto that state), so the decision is always made on the latest history; after a lost
 * race it pauses a random, growing while, and when every attempt lost it refuses with
 * `concurrent_change` (a 409). With `options.cache` the first attempt starts from the state this
 * process last folded or produced, without reading the stream: an append is checked by its
 * expected version, a refusal or a no-op by reading the events after that state's version.
 * `context` is the one source of the command's metadata (actor, now) and of the appended
 * events' metadata (actor, occurredAt, causation, correlation).
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
  // What the next decision is made on: a state of the stream up to some version (the one this
  // process last folded or produced, or one folded here), and whether it was read just now.
  let base: Folded<State> | undefined = cache?.get(streamName);
  let readNow = false;
  for (let attempt = 1; ; ) {
    if (!base) {
      base = await readWhole();
      readNow = true;
    }
    let refusal: DomainError | undefined;
    let newEvents: Event[] = [];
    try {
      newEvents = decider.decide({ ...(await command(base.state)), metadata: metadataOf(context) } as Command, base.state);
    } catch (error) {
      if (readNow || !(error instanceof DomainError)) throw error;
      refusal = error;
    }
    if (newEvents.length === 0) {
      // Only an append is checked against the stream's version: a refusal or a no-op decided on
      // a state another process may have moved on stands only once nothing came after it.
      const latest = readNow ? base : await caughtUp(base);
      if (latest === base) {
        if (refusal) throw refusal;
        return { newEvents, decidedOn: base.state, state: base.state, position: null, streamVersion: base.version };
      }
      base = latest;
      readNow = true;
      continue;
    }
    const outcome = await appendDecided(base, newEvents, attempt);
    if (outcome) return outcome;
    attempt++;
    // Another writer got there first: the state decided on is still the stream's up to its
    // version, so only what came after it is read (with nothing after it, the stream is read whole).
    const latest = await caughtUp(base);
    base = latest === base ? undefined : latest;
    readNow = true;
  }

  async function readWhole(): Promise<Folded<State>> {
    const history = await deps.eventStore.readStream(streamName);
    const last = history.at(-1);
    if (!last) return { state: decider.initialState, version: -1 };
    const folded = { state: foldStream(decider, history), version: last.streamVersion, eventId: last.eventId };
    cache?.set(streamName, folded.version, folded.state, folded.eventId);
    return folded;
  }

  /**
   * The stream as it stands, from `base`: only the events from its version on are read (a refused
   * command on a long stream, say a task added to a full milestone, or a lost race, read and
   * folded the whole history each time). `base` itself when nothing came after it; undefined when
   * the stream no longer holds the event `base` was folded to (deleted, or written anew): the
   * caller reads it whole.
   */
  async function caughtUp(base: Folded<State>): Promise<Folded<State> | undefined> {
    if (base.version < 0) return undefined;
    const events = await deps.eventStore.readStream(streamName, { fromVersion: base.version });
    const from = events.findIndex((e) => e.streamVersion === base.version);
    if (from === -1 || (base.eventId !== undefined && events[from].eventId !== base.eventId)) return undefined;
    const later = events.slice(from + 1);
    const last = later.at(-1);
    if (!last) return base;
    const folded = { state: foldStream({ initialState: base.state, evolve: decider.evolve }, later), version: last.streamVersion, eventId: last.eventId };
    cache?.set(streamName, folded.version, folded.state, folded.eventId);
    return folded;
  }

  /**
   * Appends what was decided on `state` (the stream's at `version`). Answers undefined when
   * another writer moved the stream on meanwhile, after the pause that follows the `attempt`-th
   * lost race (past the last attempt: `concurrent_change`).
   */
  async function appendDecided(
    { state, version: currentVersion }: Folded<State>,
    newEvents: Event[],
    attempt: number,
  ): Promise<CommandOutcome<Event, State> | undefined> {
    try {
      const toAppend = newEvents.map((event) => ({
        id: deps.ids.next(),
        type: event.type,
        schemaVersion: decider.schemaVersions[event.type as Event['type']],
        data: event.data as Record<string, unknown>,
      }));
      const result = await deps.eventStore.append(
        streamName,
        toAppend,
        {
          expectedVersion: currentVersion === -1 ? 'no_stream' : currentVersion,
          actor: context.actor,
          occurredAt: context.now,
          causationId: context.causationId,
          correlationId: context.correlationId,
        },
      );
      const newState = newEvents.reduce(decider.evolve, state);
      cache?.set(streamName, result.streamVersion, newState, toAppend[toAppend.length - 1].id);
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
