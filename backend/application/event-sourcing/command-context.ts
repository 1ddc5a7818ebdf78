import { systemActor, type Actor } from '../../domain/shared/actor';
import type { CommandMetadata } from '../../domain/shared/decider';
import type { Clock } from '../ports/system';

/** Where a request came from: the signed-in person (null when nobody is, or the system acts) and the request's id. */
export interface RequestOrigin {
  actor: Actor | null;
  requestId: string;
}

/** Where a command comes from: who, which request or event caused it, and when. Becomes every appended event's metadata. */
export interface CommandContext {
  actor: Actor;
  correlationId: string;
  causationId: string;
  now: Date;
}

/**
 * The context of a command a request caused: its actor, or the system named `systemName` when
 * the origin has none; the request id as both cause and correlation; the clock's now.
 */
export function commandContext(clock: Clock, origin: RequestOrigin, systemName: string): CommandContext {
  return {
    actor: origin.actor ?? systemActor(systemName),
    correlationId: origin.requestId,
    causationId: origin.requestId,
    now: clock.now(),
  };
}

/** What the domain sees of a context: who asks, and when. */
export const metadataOf = ({ actor, now }: CommandContext): CommandMetadata => ({ actor, now });

/** A command as a service writes it: `handleCommand` adds the metadata from the context. */
export type CommandInput<Command> = Command extends { metadata: CommandMetadata } ? Omit<Command, 'metadata'> : never;
