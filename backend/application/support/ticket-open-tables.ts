// The table type of `ticket-opens.ts`, apart from its code: `ports/database.ts` lists it and
// imports nothing that imports `Database` back.
import type { DailyQuotaTable } from '../quotas/daily-quota-tables';

/** Support tickets a member opened per UTC day (a daily quota). */
export type SupportTicketOpensTable = DailyQuotaTable<'user_id'>;

export interface SupportTicketOpenTables {
  support_ticket_opens: SupportTicketOpensTable;
}
