import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { EventToAppend } from '../../backend/application/ports/event-store';
import type { DatabaseHandle } from '../../backend/infrastructure/database/database';
import { PostgresEventStore } from '../../backend/infrastructure/event-store/postgres-event-store';
import { ProjectionRunner } from '../../backend/projections/runner/projection-runner';
import { usersProjection } from '../../backend/projections/users/users-projection';

export interface Measured {
  name: string;
  events: number;
  ours: { ms: number; eventsPerSecond: number };
  baseline: { ms: number; eventsPerSecond: number; what: string };
  /** Our throughput divided by the baseline's: 1 means as fast as the raw SQL. */
  ratio: number;
}

const actor = { kind: 'system', name: 'bench' } as const;
const quiet = { info() {}, error() {} };

function measured(name: string, events: number, oursMs: number, baselineMs: number, what: string): Measured {
  const ours = { ms: Math.round(oursMs), eventsPerSecond: Math.round((events / oursMs) * 1000) };
  const baseline = { ms: Math.round(baselineMs), eventsPerSecond: Math.round((events / baselineMs) * 1000), what };
  return { name, events, ours, baseline, ratio: Number((ours.eventsPerSecond / baseline.eventsPerSecond).toFixed(2)) };
}

function userRegistered(i: number): EventToAppend {
  return {
    id: randomUUID(),
    type: 'UserRegistered',
    schemaVersion: 1,
    data: {
      userId: `u-${i}`,
      firstName: `First${i}`,
      lastName: `Last${i}`,
      email: `member${i}@example.com`,
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      role: 'free',
    },
  };
}

function profileUpdated(i: number): EventToAppend {
  return {
    id: randomUUID(),
    type: 'UserProfileUpdated',
    schemaVersion: 1,
    data: { firstName: `Renamed${i}`, lastName: `Last${i}`, email: `member${i}@example.com`, country: 'NZ', profilePicture: null },
  };
}

/**
 * Rebuilds the users projection from zero, against a plain scan of the same events with
 * batched upserts into an identical table.
 */
export async function benchRebuild(handle: DatabaseHandle, members: number): Promise<Measured> {
  const db = handle.db as Kysely<any>;
  const store = new PostgresEventStore(handle);
  for (let start = 0; start < members; start += 100) {
    for (let i = start; i < Math.min(members, start + 100); i++) {
      await store.append(`user-u-${i}`, [userRegistered(i), profileUpdated(i)], {
        expectedVersion: 'no_stream', actor, occurredAt: new Date(), causationId: 'bench', correlationId: 'bench',
      });
    }
  }
  const runner = new ProjectionRunner(handle.db, store, [usersProjection], quiet, { batchSize: 500 });
  await runner.catchUp(usersProjection);
  const userEvents = members * 2;

  const oursStart = performance.now();
  await runner.rebuild(usersProjection);
  const oursMs = performance.now() - oursStart;

  await sql`create table baseline_users (like users including all)`.execute(db);
  const baselineStart = performance.now();
  let after = 0;
  for (;;) {
    const rows = await sql<{ global_position: number; stream_name: string; type: string; data: any; occurred_at: Date }>`
      select global_position, stream_name, type, data, occurred_at from events
      where global_position > ${after} and type in ('UserRegistered', 'UserProfileUpdated')
      order by global_position limit 500`.execute(db);
    if (rows.rows.length === 0) break;
    after = Number(rows.rows[rows.rows.length - 1].global_position);
    // Fold the page per user, then one upsert for the page (what a hand-written loader would do).
    const byUser = new Map<string, any>();
    for (const row of rows.rows) {
      const id = row.stream_name.slice('user-'.length);
      const current = byUser.get(id);
      if (row.type === 'UserRegistered') {
        byUser.set(id, {
          id,
          first_name: row.data.firstName,
          last_name: row.data.lastName,
          email: row.data.email,
          email_normalised: row.data.email.toLowerCase(),
          password_hash: row.data.passwordHash,
          role: row.data.role,
          country: null,
          created_at: row.occurred_at,
          updated_at: row.occurred_at,
        });
      } else if (current) {
        Object.assign(current, { first_name: row.data.firstName, last_name: row.data.lastName, country: row.data.country, updated_at: row.occurred_at });
      } else {
        byUser.set(id, { id, first_name: row.data.firstName, last_name: row.data.lastName, country: row.data.country, updated_at: row.occurred_at, partial: true });
      }
    }
    const complete = [...byUser.values()].filter((u) => !u.partial);
    const updates = [...byUser.values()].filter((u) => u.partial);
    if (complete.length) {
      await db
        .insertInto('baseline_users')
        .values(complete)
        .onConflict((oc: any) => oc.column('id').doUpdateSet((eb: any) => ({
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
          country: eb.ref('excluded.country'),
          updated_at: eb.ref('excluded.updated_at'),
        })))
        .execute();
    }
    for (const u of updates) {
      await db.updateTable('baseline_users').set({ first_name: u.first_name, last_name: u.last_name, country: u.country, updated_at: u.updated_at }).where('id', '=', u.id).execute();
    }
  }
  const baselineMs = performance.now() - baselineStart;
  const [ours, theirs] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from users where first_name like 'Renamed%'`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from baseline_users where first_name like 'Renamed%'`.execute(db),
  ]);
  if (ours.rows[0].n !== members || theirs.rows[0].n !== members) {
    throw new Error(`rebuild check failed: ${ours.rows[0].n} / ${theirs.rows[0].n} of ${members}`);
  }
  return measured('projection rebuild (users)', userEvents, oursMs, baselineMs, 'plain scan of the events plus batched upserts');
}
