import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import type { ProviderEvent } from '../ports/payment-gateway';
import type { PersonalDataEraser } from '../account/personal-data';
import type { Database } from '../ports/database';

/**
 * The intake's inbox (issue 29): every provider event delivered, by its id. A delivery whose id
 * is already processed is answered at once; one received but not processed (the server died
 * before the end, or the provider retried while the first was running) runs again, and the
 * billing decider makes that safe: a provider event id it has taken decides nothing.
 */
export const billingInboxMigration: Migration = {
  async up(db) {
    await sql`
      create table billing_inbox (
        event_id text primary key,
        kind text not null,
        user_id text,
        received_at timestamptz not null,
        processed_at timestamptz
      )`.execute(db);
  },
};

type Db = Kysely<Database> | Transaction<Database>;

/** Whether the event was processed to the end already. */
export async function alreadyProcessed(db: Db, eventId: string): Promise<boolean> {
  const row = await db.selectFrom('billing_inbox').select('processed_at').where('event_id', '=', eventId).executeTakeFirst();
  return Boolean(row?.processed_at);
}

/** Records the delivery (the first one; a redelivery keeps the first's row). */
export async function receive(db: Db, event: ProviderEvent, userId: string | null, now: Date): Promise<void> {
  await db
    .insertInto('billing_inbox')
    .values({ event_id: event.eventId, kind: event.kind, user_id: userId, received_at: now, processed_at: null })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}

/**
 * A signed delivery that could not be read (`malformed_webhook`): kept as refused (kind
 * `refused:{provider type}`, never processed), so the operator sees what the provider sent; a
 * redelivery is refused again and keeps the first row.
 */
export async function refuse(db: Db, delivery: { eventId: string; eventType: string }, now: Date): Promise<void> {
  if (!delivery.eventId) return;
  await db
    .insertInto('billing_inbox')
    .values({ event_id: delivery.eventId, kind: `refused:${delivery.eventType || 'unknown'}`.slice(0, 200), user_id: null, received_at: now, processed_at: null })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}

export async function markProcessed(db: Db, eventId: string, now: Date): Promise<void> {
  await db.updateTable('billing_inbox').set({ processed_at: now }).where('event_id', '=', eventId).where('processed_at', 'is', null).execute();
}

/**
 * The member's deliveries go with their account. A redelivery afterwards is taken again but
 * finds no account, and is kept as not ours (`takeProviderEvent`).
 */
export const billingInboxEraser = (db: Db): PersonalDataEraser => ({
  tables: ['billing_inbox'],
  async erase({ userId }) {
    await db.deleteFrom('billing_inbox').where('user_id', '=', userId).execute();
  },
});
