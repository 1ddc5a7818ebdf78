import type { Transaction } from 'kysely';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { Database } from '../../application/ports/database';
import type { RowsAhead } from './rows-ahead';

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
  /**
   * Applied in the append's own transaction as well as by the runner (`inline-projections.ts`):
   * the member reads it right after their own write, so the write commits with it. Each event
   * still reaches it once (`projection_stream_versions`). Its rows may be written by appends to
   * different streams at once, so whatever it reads to write it reads locked (`for update`), and
   * it sends no NOTIFY itself on the usual path (a transaction that queued one commits alone):
   * `announce` does. The one exception is rare by nature: the users projection tells every
   * server of an owner's active-plans count in the transaction that recounts it (a plan
   * created, completed, reopened, deleted or restored; `applyActivePlans`).
   */
  inline?: true;
  /**
   * Tells other processes of a change at the commit of a batch the runner passed (run inside
   * the batch's transaction, also when the events were applied inline before); from an append's
   * transaction only with `announcesAtAppend`. `events` are the batch's events it follows; none given after a
   * rebuild, when every row may have changed.
   */
  announce?(trx: Transaction<Database>, events?: readonly RecordedEvent[]): Promise<void>;
  /**
   * Inline projections of rare events whose news must not wait for the runner (sessions ended
   * by a new password or a disabled account): `announce` runs in the append's transaction too,
   * so every server hears of it at that commit, before the write answers. A transaction that
   * sent a NOTIFY commits alone, which is why the rest never announce from an append.
   */
  announcesAtAppend?: true;
  /**
   * Its rows are work a sweeper takes off once done (a queue fed by events): a rebuild puts back
   * what the sweeper already took, so it differs from the live tables by construction, and the
   * checks that compare a rebuild with the live read models leave it out.
   */
  workQueue?: true;
  /**
   * Optional, inline projections only: its rows each follow one stream alone, so an append
   * works them out in memory and carries them in its own statement (`rows-ahead.ts`); its
   * `applyBatch` stages the rows it leaves (`stageRows`) for the appends that follow.
   */
  ahead?: RowsAhead;
  apply(trx: Transaction<Database>, event: RecordedEvent): Promise<void>;
  /** Optional: the handled events of one batch at once, in order (faster than one by one). */
  applyBatch?(trx: Transaction<Database>, events: RecordedEvent[]): Promise<void>;
  /**
   * Removes every row it keeps of the member (design §3.5). The runner calls it, in the
   * projection's transaction, at each `MemberErased` in the global order, after the events
   * before it and before those after it: rows the member's events made before their streams
   * were deleted go, and a rebuild from zero (where those streams are absent) gives the same
   * rows. Required of every projection whose tables hold a member's rows.
   */
  erase?(trx: Transaction<Database>, userId: string): Promise<void>;
}
