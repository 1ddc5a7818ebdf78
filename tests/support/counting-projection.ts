import { sql, type Kysely } from 'kysely';
import type { Projection } from '../../backend/projections/runner/projection';

/**
 * A projection that counts how often each event reached it: exactly-once delivery means
 * every count is 1. `onApply` lets a test crash or slow it down mid-batch.
 */
export function countingProjection(onApply: (index: number) => Promise<void> | void = () => {}): Projection {
  let applied = 0;
  return {
    name: 'counting',
    handles: ['Counted'],
    tables: ['counted_events'],
    memberFacing: true,
    async apply(trx, event) {
      await onApply(applied++);
      await sql`
        insert into counted_events (event_id, applications) values (${event.eventId}, 1)
        on conflict (event_id) do update set applications = counted_events.applications + 1`.execute(trx);
    },
  };
}

export async function createCountingTable(db: Kysely<any>) {
  await sql`create table if not exists counted_events (event_id text primary key, applications integer not null)`.execute(db);
}

export async function countedApplications(db: Kysely<any>): Promise<Map<string, number>> {
  const rows = await sql<{ event_id: string; applications: number }>`select * from counted_events`.execute(db);
  return new Map(rows.rows.map((r) => [r.event_id, r.applications]));
}
