// The table type of `message-posts.ts`, apart from its code: `ports/database.ts` lists it and
// imports nothing that imports `Database` back.
import type { DailyQuotaTable } from '../quotas/daily-quota-tables';

/** Support messages a member wrote per UTC day over all their tickets (a daily quota). */
export type SupportMessagePostsTable = DailyQuotaTable<'user_id'>;

export interface SupportMessagePostTables {
  support_message_posts: SupportMessagePostsTable;
}
