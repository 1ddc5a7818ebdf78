import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import type { Database } from '../ports/database';

/**
 * A count per key (a member, a visitor) and UTC day, kept in a plain table (not events: only
 * the count matters). What a caller may do a bounded number of times a day (saving idea sets,
 * trial generations, opening support tickets) takes a slot before doing it, in one atomic
 * statement so simultaneous requests cannot pass the limit together, and gives the slot back
 * when the work fails: refused or failed requests do not count.
 *
 * Each quota has its own table `(<key column> text, day text, used integer, primary key (<key
 * column>, day))`: its row type is `DailyQuotaTable<'<key column>'>` (`daily-quota-tables.ts`)
 * and its migration `dailyQuotaMigration('<table>', '<key column>')`.
 */
export interface DailyQuotaSpec {
  table: keyof Database & string;
  keyColumn: string;
  /** Days of counts kept besides today (older rows are deleted as slots are taken); all when absent. */
  keepDays?: number;
}

/** Creates a quota's table. */
export function dailyQuotaMigration(table: string, keyColumn: string): Migration {
  return {
    async up(db) {
      await sql`
        create table ${sql.table(table)} (
          ${sql.ref(keyColumn)} text not null,
          day text not null,
          used integer not null,
          primary key (${sql.ref(keyColumn)}, day)
        )`.execute(db);
    },
  };
}

/** A slot taken: what `release` gives back. */
export interface QuotaReservation {
  key: string;
  day: string;
}

type Db = Kysely<Database> | Transaction<Database>;

/** The UTC day of `now`, YYYY-MM-DD. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** Milliseconds until the next UTC midnight, when every daily count begins again. */
export const untilNextUtcDay = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime();

export function dailyQuota(spec: DailyQuotaSpec) {
  const table = sql.table(spec.table);
  const key = sql.ref(spec.keyColumn);

  return {
    /** Takes one of today's `perDay` slots for `owner`; null when they are all taken. */
    async reserve(db: Db, owner: string, now: Date, perDay: number): Promise<QuotaReservation | null> {
      const day = utcDay(now);
      const taken = await sql<{ used: number }>`
        insert into ${table} (${key}, day, used) values (${owner}, ${day}, 1)
        on conflict (${key}, day) do update set used = ${table}.used + 1
        where ${table}.used < ${perDay}
        returning used`.execute(db);
      if (taken.rows.length === 0) return null;
      if (spec.keepDays !== undefined) {
        const oldest = utcDay(new Date(now.getTime() - spec.keepDays * 86_400_000));
        await sql`delete from ${table} where day < ${oldest}`.execute(db);
      }
      return { key: owner, day };
    },

    /**
     * Gives a taken slot back (the work it was taken for failed). A count back at zero is deleted,
     * so a refused request leaves the table as it found it (a row of zero counts as no row; a
     * slot taken meanwhile keeps its row, since the delete sees its count).
     */
    async release(db: Db, reservation: QuotaReservation): Promise<void> {
      await sql`update ${table} set used = greatest(used - 1, 0) where ${key} = ${reservation.key} and day = ${reservation.day}`.execute(db);
      await sql`delete from ${table} where ${key} = ${reservation.key} and day = ${reservation.day} and used = 0`.execute(db);
    },

    /** Slots `owner` has taken today. */
    async usedToday(db: Db, owner: string, now: Date): Promise<number> {
      const row = await sql<{ used: number }>`select used from ${table} where ${key} = ${owner} and day = ${utcDay(now)}`.execute(db);
      return Number(row.rows[0]?.used ?? 0);
    },

    /** Forgets every count of `owner` (account erasure). */
    async forget(db: Db, owner: string): Promise<void> {
      await sql`delete from ${table} where ${key} = ${owner}`.execute(db);
    },

    /** Slots `owner` has taken on every day kept. */
    async usedInTotal(db: Db, owner: string): Promise<number> {
      const total = await sql<{ n: string | null }>`select sum(used) as n from ${table} where ${key} = ${owner}`.execute(db);
      return Number(total.rows[0]?.n ?? 0);
    },
  };
}
