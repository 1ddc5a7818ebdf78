import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import type { BillingRoleCheck, BillingRoleChecks } from '../../application/ports/billing-role-checks';
import type { Database } from '../../application/ports/database';
import type { RecordedEvent } from '../../application/ports/event-store';
import { billingEventTypes, billingStream } from '../../domain/billing/billing-events';
import type { Projection } from '../runner/projection';

/**
 * How long after a billing event the sweeper looks at the member's role. The intake runs the
 * role policy inline at once; the sweeper only repairs what a crash between the two writes left
 * undone, so it waits long enough never to race a request that is still working.
 */
export const ROLE_CHECK_GRACE_MS = 60_000;

/**
 * Members whose role must be checked against their billing account (the role policy's inbox):
 * every billing event marks its member, due `ROLE_CHECK_GRACE_MS` after the newest one; the
 * sweeper (`application/billing/billing-role-sweeper.ts`) checks each due member and forgets
 * the mark it checked. Fed from the event log with its own checkpoint, so a crash between the
 * billing command and the role change is found again after a restart.
 */
export interface BillingRoleChecksTable {
  user_id: string;
  due_at: Date;
}

export const billingRoleChecksMigration: Migration = {
  async up(db) {
    await sql`create table billing_role_checks (user_id text primary key, due_at timestamptz not null)`.execute(db);
    await sql`create index billing_role_checks_due on billing_role_checks (due_at)`.execute(db);
  },
};

/** One upsert for the batch: each member marked once, due after their newest billing event. */
async function applyBatch(trx: Transaction<Database>, events: RecordedEvent[]) {
  const dueAt = new Map<string, Date>();
  for (const event of events) {
    const userId = billingStream.idOf(event.streamName);
    const due = new Date(event.occurredAt.getTime() + ROLE_CHECK_GRACE_MS);
    const known = dueAt.get(userId);
    if (!known || due > known) dueAt.set(userId, due);
  }
  if (dueAt.size === 0) return;
  await sql`
    insert into billing_role_checks (user_id, due_at)
    select * from unnest(${[...dueAt.keys()]}::text[], ${[...dueAt.values()]}::timestamptz[])
    on conflict (user_id) do update set due_at = greatest(billing_role_checks.due_at, excluded.due_at)`.execute(trx);
}

export const billingRoleChecksProjection: Projection = {
  name: 'billing-role-checks',
  handles: billingEventTypes,
  tables: ['billing_role_checks'],
  memberFacing: false,
  workQueue: true,
  apply: (trx, event) => applyBatch(trx, [event]),
  applyBatch,
  async erase(trx, userId) {
    await trx.deleteFrom('billing_role_checks').where('user_id', '=', userId).execute();
  },
};

type Db = Kysely<Database> | Transaction<Database>;

/** The read model as the sweeper uses it. */
export const billingRoleChecksIn = (db: Db): BillingRoleChecks => ({
  async due(now: Date, limit: number): Promise<BillingRoleCheck[]> {
    const rows = await db.selectFrom('billing_role_checks').selectAll().where('due_at', '<=', now).orderBy('due_at').limit(limit).execute();
    return rows.map((row) => ({ userId: row.user_id, dueAt: new Date(row.due_at) }));
  },
  async checked({ userId, dueAt }: BillingRoleCheck): Promise<void> {
    // Only the mark that was checked: a newer billing event meanwhile keeps its own.
    await db.deleteFrom('billing_role_checks').where('user_id', '=', userId).where('due_at', '<=', dueAt).execute();
  },
});
