import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import type { RecordedEvent } from '../../application/ports/event-store';
import {
  creditAccountEventTypes,
  creditStatementLine,
  userIdOfCreditStream,
  type CreditAccountEvent,
  type CreditStatementLine,
} from '../../domain/credits/credit-account';
import type { Database } from '../../application/ports/database';
import type { Projection } from '../runner/projection';

/** One line per ledger event, in the member's ledger order (GET /api/credits/statement). */
export interface CreditStatementTable {
  event_id: string;
  user_id: string;
  /** Position in the member's ledger stream: orders the statement exactly. */
  stream_version: number;
  occurred_at: Date;
  type: CreditStatementLine['type'];
  /** The line as the domain derives it from the event. */
  line: CreditStatementLine;
}

export const creditStatementMigration: Migration = {
  async up(db) {
    await sql`
      create table credit_statement (
        event_id text primary key,
        user_id text not null,
        stream_version integer not null,
        occurred_at timestamptz not null,
        type text not null,
        line jsonb not null
      )`.execute(db);
    await sql`create unique index credit_statement_user on credit_statement (user_id, stream_version)`.execute(db);
  },
};

function rowOf(event: RecordedEvent) {
  const line = creditStatementLine({ type: event.type, data: event.data } as CreditAccountEvent);
  return {
    event_id: event.eventId,
    user_id: userIdOfCreditStream(event.streamName),
    stream_version: event.streamVersion,
    occurred_at: event.occurredAt,
    type: line.type,
    line: JSON.stringify(line),
  };
}

async function applyBatch(trx: Transaction<Database>, events: RecordedEvent[]) {
  if (events.length === 0) return;
  await trx
    .insertInto('credit_statement')
    .values(events.map(rowOf) as never)
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}

/** An append-only read model: each ledger event adds its line once. */
export const creditStatementProjection: Projection = {
  name: 'credit-statement',
  handles: creditAccountEventTypes,
  tables: ['credit_statement'],
  memberFacing: true,
  inline: true,
  apply: (trx, event) => applyBatch(trx, [event]),
  applyBatch,
  async erase(trx, userId) {
    await trx.deleteFrom('credit_statement').where('user_id', '=', userId).execute();
  },
};

type Db = Kysely<Database> | Transaction<Database>;

/** The member's statement, newest first. */
export async function readCreditStatement(db: Db, userId: string) {
  const rows = await db
    .selectFrom('credit_statement')
    .select(['event_id', 'occurred_at', 'line'])
    .where('user_id', '=', userId)
    .orderBy('stream_version', 'desc')
    .execute();
  return rows.map((row) => {
    const line = (typeof row.line === 'string' ? JSON.parse(row.line) : row.line) as CreditStatementLine;
    return { id: row.event_id, at: new Date(row.occurred_at).toISOString(), ...line };
  });
}
