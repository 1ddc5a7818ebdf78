import type { Actor } from '../../domain/shared/actor';

/**
 * A place in the global order of all events. `commit` orders transactions (or EventStoreDB
 * commits), `prepare` orders events within one; together they only ever grow.
 */
export interface AllPosition {
  commit: number;
  prepare: number;
}

export const startOfAll: AllPosition = { commit: 0, prepare: -1 };

export function comparePositions(a: AllPosition, b: AllPosition): number {
  return a.commit !== b.commit ? a.commit - b.commit : a.prepare - b.prepare;
}

/** The later of two positions (null: nothing written), e.g. the last of several appends a route waits for. */
export const laterPosition = (a: AllPosition | null, b: AllPosition | null): AllPosition | null =>
  a === null ? b : b === null ? a : comparePositions(a, b) >= 0 ? a : b;

/** `no_stream`: the stream must not exist yet; a number: the version of its last event. */
export type ExpectedVersion = 'any' | 'no_stream' | number;

export interface EventToAppend {
  /** Unique id: appending an event whose id is already in the stream is a no-op. */
  id: string;
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
}

export interface AppendContext {
  expectedVersion: ExpectedVersion;
  actor: Actor;
  occurredAt: Date;
  /** The id of the command or event that caused this append. */
  causationId: string;
  /** Shared by everything one request or workflow caused. */
  correlationId: string;
}

export interface EventMetadata {
  eventId: string;
  type: string;
  schemaVersion: number;
  streamName: string;
  /** 0 for the first event of a stream. */
  streamVersion: number;
  globalPosition: number;
  position: AllPosition;
  occurredAt: Date;
  actor: Actor;
  causationId: string;
  correlationId: string;
}

export interface RecordedEvent<Data = Record<string, unknown>> extends EventMetadata {
  data: Data;
}

export interface AppendResult {
  /** Version of the stream's last event after the append. */
  streamVersion: number;
  /** Position of the last appended event (of the existing ones on an idempotent re-append). */
  position: AllPosition;
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamName}: expected version ${expected}, but it is at ${actual}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export class DuplicateEventIdError extends Error {
  constructor(readonly eventId: string) {
    super(`Event ${eventId} was already appended with other content or to another place`);
    this.name = 'DuplicateEventIdError';
  }
}

export interface EventStore {
  readonly name: string;
  append(streamName: string, events: EventToAppend[], context: AppendContext): Promise<AppendResult>;
  /**
   * Events of one stream in version order, from `fromVersion` on (all of them without it); empty
   * when the stream does not exist.
   */
  readStream(streamName: string, options?: { fromVersion?: number }): Promise<RecordedEvent[]>;
  /**
   * Events of every stream after `after`, in global order. Never returns an event while an
   * earlier one may still appear: an event whose transaction commits late is held back with
   * everything after it until it is visible.
   */
  readAll(options: { after: AllPosition; limit: number }): Promise<RecordedEvent[]>;
  /** Position of the newest event that readAll can deliver, or null for an empty store. */
  headPosition(): Promise<AllPosition | null>;
  /**
   * Resolves once readAll (and headPosition) can deliver every event committed before the call.
   * A store that holds back a committed event behind an older transaction still open (PostgreSQL:
   * any writing transaction on the server, of any database) waits for it to end, at most
   * `timeoutMs`; then readers see what they see.
   */
  committedReadable(timeoutMs?: number): Promise<void>;
  /** Removes a stream and its events for good (erasure of personal data). */
  deleteStream(streamName: string): Promise<void>;
  /** Called after events are appended anywhere (possibly by another process); returns unsubscribe. */
  onAppended(listener: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
