// The table type of `trial-allowance.ts`, apart from its code: `ports/database.ts` lists it and
// imports nothing that imports `Database` back.
import type { DailyQuotaTable } from '../quotas/daily-quota-tables';

/** Visitors' trial generations per IP address and UTC day (a daily quota). */
export type TrialGenerationsTable = DailyQuotaTable<'visitor'>;

export interface TrialTables {
  trial_generations: TrialGenerationsTable;
}
