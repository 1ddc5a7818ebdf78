// The table type of `contact-messages.ts`, apart from its code: `ports/database.ts` lists it and
// imports nothing that imports `Database` back.
import type { DailyQuotaTable } from '../quotas/daily-quota-tables';

/** Contact messages kept for the admins (`contact-messages.ts`). */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Date;
}

/** Messages sent per client address and UTC day (a daily quota). */
export type ContactSendsTable = DailyQuotaTable<'client'>;

export interface ContactTables {
  contact_messages: ContactMessagesTable;
  contact_sends: ContactSendsTable;
}
