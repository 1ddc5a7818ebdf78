/**
 * The row types of the daily quotas' tables (`daily-quota.ts`), apart from the code so that the
 * table types of `ports/database.ts` import nothing that imports `Database` back.
 */

export interface DailyCounterRow {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  used: number;
}

/** A quota table's row: the key column (a member's id, a visitor), the UTC day and the count. */
export type DailyQuotaTable<KeyColumn extends string> = Record<KeyColumn, string> & DailyCounterRow;
