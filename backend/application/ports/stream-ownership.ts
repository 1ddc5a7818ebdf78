import type { RecordedEvent } from './event-store';

/**
 * Which member owns a stream, as one slice tells it (issue 50): the event types that say so
 * and how. The erasure read model follows every slice's, so erasure finds every stream of a
 * member, whatever slice wrote it.
 */
export interface StreamOwnership {
  /** The event types that name the owner (a stream's first event, or every event of a stream named by its member). */
  readonly eventTypes: readonly string[];
  /** The member whose stream the event is in, or undefined when this event does not say. */
  ownerOf(event: RecordedEvent): string | undefined;
}
