// The table type of `idea-set-saves.ts`, apart from its code: `ports/database.ts` lists it and
// imports nothing that imports `Database` back.
import type { DailyQuotaTable } from '../quotas/daily-quota-tables';

/** Idea sets a member stored with `POST /api/idea-sets`, per UTC day (a daily quota). */
export type IdeaSetSavesTable = DailyQuotaTable<'user_id'>;

export interface IdeaSetSaveTables {
  idea_set_saves: IdeaSetSavesTable;
}
