import { sql, type Kysely, type Migration, type Selectable, type Transaction } from 'kysely';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { CreditKind, CreditTier } from '../../domain/credits/allowances';
import {
  creditAccountEventTypes,
  userIdOfCreditStream,
  type CreditAccountEvent,
} from '../../domain/credits/credit-account';
import { assertNever } from '../../domain/shared/domain-error';
import type { Database } from '../../application/ports/database';
import type { Projection } from '../runner/projection';
import { rowProjection } from '../runner/row-projection';

/** One row per member ledger: the current period's allowances, grants and use (GET /api/credits). */
export interface CreditAccountsTable {
  user_id: string;
  tier: CreditTier;
  period_start: Date;
  resets_at: Date;
  allowance_idea: number;
  allowance_plan: number;
  allowance_milestone: number;
  allowance_help: number;
  granted_idea: number;
  granted_plan: number;
  granted_milestone: number;
  granted_help: number;
  used_idea: number;
  used_plan: number;
  used_milestone: number;
  used_help: number;
  updated_at: Date;
}
export type CreditAccountRow = Selectable<CreditAccountsTable>;

export const creditAccountsMigration: Migration = {
  async up(db) {
    await sql`
      create table credit_accounts (
        user_id text primary key,
        tier text not null,
        period_start timestamptz not null,
        resets_at timestamptz not null,
        allowance_idea integer not null,
        allowance_plan integer not null,
        allowance_milestone integer not null,
        allowance_help integer not null,
        granted_idea integer not null,
        granted_plan integer not null,
        granted_milestone integer not null,
        granted_help integer not null,
        used_idea integer not null,
        used_plan integer not null,
        used_milestone integer not null,
        used_help integer not null,
        updated_at timestamptz not null
      )`.execute(db);
  },
};

type Counts = Record<CreditKind, number>;
const allowanceColumns = (c: Counts) => ({
  allowance_idea: c.idea,
  allowance_plan: c.plan,
  allowance_milestone: c.milestone,
  allowance_help: c.help,
});
const zero = {
  granted_idea: 0,
  granted_plan: 0,
  granted_milestone: 0,
  granted_help: 0,
  used_idea: 0,
  used_plan: 0,
  used_milestone: 0,
  used_help: 0,
};

/** A ledger's row after one more of its events. */
export function evolveCreditAccountRow(row: CreditAccountRow | null, recorded: RecordedEvent): CreditAccountRow | null {
  const event = { type: recorded.type, data: recorded.data } as CreditAccountEvent;
  const at = recorded.occurredAt;
  if (event.type === 'CreditAccountOpened') {
    return {
      user_id: userIdOfCreditStream(recorded.streamName),
      tier: event.data.tier,
      period_start: new Date(event.data.periodStart),
      resets_at: new Date(event.data.resetAt),
      ...allowanceColumns(event.data.allowances),
      ...zero,
      updated_at: at,
    };
  }
  if (!row) return null;
  switch (event.type) {
    case 'CreditPeriodStarted':
      return {
        ...row,
        tier: event.data.tier,
        period_start: new Date(event.data.periodStart),
        resets_at: new Date(event.data.resetAt),
        ...allowanceColumns(event.data.allowances),
        ...zero,
        updated_at: at,
      };
    case 'CreditTierChanged':
      return { ...row, tier: event.data.to, ...allowanceColumns(event.data.allowances), updated_at: at };
    case 'CreditConsumed': {
      const column = `used_${event.data.kind}` as const;
      return { ...row, [column]: row[column] + 1, updated_at: at };
    }
    case 'CreditRefunded': {
      // The ledger refunds only spends of the current period, each once.
      const column = `used_${event.data.kind}` as const;
      return { ...row, [column]: row[column] - 1, updated_at: at };
    }
    case 'CreditsGranted': {
      const column = `granted_${event.data.kind}` as const;
      return { ...row, [column]: row[column] + event.data.amount, updated_at: at };
    }
    default:
      return assertNever(event);
  }
}

export const creditAccountsProjection: Projection = rowProjection<CreditAccountRow>({
  name: 'credit-accounts',
  table: 'credit_accounts',
  keyColumn: 'user_id',
  handles: creditAccountEventTypes,
  memberFacing: true,
  inline: true,
  rowKey: (event) => userIdOfCreditStream(event.streamName),
  evolve: evolveCreditAccountRow,
  memberColumn: 'user_id',
});

type Db = Kysely<Database> | Transaction<Database>;

export function findCreditAccount(db: Db, userId: string): Promise<CreditAccountRow | undefined> {
  return db.selectFrom('credit_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

const countsOf = (row: CreditAccountRow, prefix: 'allowance' | 'granted' | 'used'): Counts => ({
  idea: row[`${prefix}_idea`],
  plan: row[`${prefix}_plan`],
  milestone: row[`${prefix}_milestone`],
  help: row[`${prefix}_help`],
});

/** The row as GET /api/credits shows it. */
export function creditsView(row: CreditAccountRow) {
  const allowances = countsOf(row, 'allowance');
  const granted = countsOf(row, 'granted');
  const used = countsOf(row, 'used');
  const balance = (k: CreditKind) => Math.max(0, allowances[k] + granted[k] - used[k]);
  return {
    tier: row.tier,
    periodStart: new Date(row.period_start).toISOString(),
    creditsResetAt: new Date(row.resets_at).toISOString(),
    allowances,
    granted,
    used,
    balances: { idea: balance('idea'), plan: balance('plan'), milestone: balance('milestone'), help: balance('help') },
  };
}
