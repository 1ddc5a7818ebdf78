import { defineReadModel } from '../runner/read-model';
import { supportMemberMessagesMigration, supportMigration, supportProjection, type SupportTicketMessagesTable, type SupportTicketsTable } from './support-projection';

export const supportReadModel = defineReadModel<{ support_tickets: SupportTicketsTable; support_ticket_messages: SupportTicketMessagesTable }>({
  projection: supportProjection,
  migrations: {
    '2026_11_24_0025_support_read_model': supportMigration,
    '2026_11_28_0044_support_member_messages': supportMemberMessagesMigration,
  },
});
