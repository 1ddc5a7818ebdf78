import type { Actor } from './actor';

/** What every command carries besides its own data: who asks, and when. */
export interface CommandMetadata {
  actor: Actor;
  now: Date;
}

/**
 * A command as every decider takes it: its type, its own data, and the metadata the application
 * adds (`commandContext`), never written by the caller. One definition for every aggregate.
 */
export type Command<Type extends string, Data> = { type: Type; data: Data; metadata: CommandMetadata };

export interface DomainEvent<Type extends string = string, Data extends object = object> {
  type: Type;
  data: Data;
}

/** An aggregate as pure functions: state from past events, new events from a command. */
export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  /** Current schema version of each event type this aggregate writes. */
  schemaVersions: Record<Event['type'], number>;
}
