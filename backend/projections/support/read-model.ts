import { defineReadModel } from '../runner/read-model';
import { supportMemberMessagesMigration, supportMigration, supportProjection, type SupportTicketMessagesTable, type SupportTicketsTable } from './support-projection';

export const supportReadModel = defineReadModel({
  projection: supportProjection,
  migrations: {
    '2026_11_24_0025_support_read_model': supportMigration,
    '2026_11_28_0044_support_member_messages': supportMemberMessagesMigration,
  },
});

// Its tables, in `Database` (the application declares its own there and never imports projections).
declare module '../../application/ports/database' {
  interface Database {
    support_tickets: SupportTicketsTable;
    support_ticket_messages: SupportTicketMessagesTable;
  }
}
