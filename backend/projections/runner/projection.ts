import type { Transaction } from 'kysely';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { Database } from '../../application/ports/database';

/**
 * A read model fed from the global event order. `apply` runs inside the transaction that
 * also moves the projection's checkpoint, so an event's effect and the checkpoint commit
 * together or not at all.
 */
export interface Projection {
  name: string;
  /** Event types it reacts to; others only move its checkpoint. */
  handles: readonly string[];
  /** Tables it owns: emptied by a rebuild. */
  tables: readonly string[];
  /** Member screens read it: a mutation's response waits until it has caught up. */
  memberFacing: boolean;
  apply(trx: Transaction<Database>, event: RecordedEvent): Promise<void>;
  /** Optional: the handled events of one batch at once, in order (faster than one by one). */
  applyBatch?(trx: Transaction<Database>, events: RecordedEvent[]): Promise<void>;
}
