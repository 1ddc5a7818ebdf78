import { createSupportService } from '../../application/support/support-service';
import { memberContextOf } from '../../projections/support/member-context';
import {
  findTicket,
  listAllTickets,
  listTicketsOf,
  messagesOfMemberTicket,
  messagesOfTicket,
  unreadCountOf,
} from '../../projections/support/support-projection';
import { findUserById } from '../../projections/users/users-projection';
import type { CreditsContext } from './credits';
import type { Platform } from './platform';
import { messagePostsEraser } from '../../application/support/message-posts';
import { ticketOpensEraser } from '../../application/support/ticket-opens';
import { ticketDecider, type TicketOpened } from '../../domain/support/ticket';
import { supportReadModel } from '../../projections/support/read-model';
import { defineSlice } from '../slices/slice';
import { callers } from '../slices/callers';

/** Support: members' tickets and their chat with the support team (admins and moderators). */
export function supportContext(platform: Platform, { credits }: Pick<CreditsContext, 'credits'>) {
  const { database, eventStore, ids, clock, mailer, config, logger } = platform;
  const db = database.db;
  return {
    support: createSupportService({
      db,
      eventStore,
      ids,
      clock,
      mailer,
      publicUrl: config.PUBLIC_URL,
      reads: {
        memberTickets: (memberId) => listTicketsOf(db, memberId),
        memberMessages: (memberId, ticketId, page) => messagesOfMemberTicket(db, memberId, ticketId, page),
        memberUnreadCount: (memberId) => unreadCountOf(db, memberId),
        tickets: () => listAllTickets(db),
        ticket: (ticketId) => findTicket(db, ticketId),
        messages: (ticketId, page) => messagesOfTicket(db, ticketId, page),
        person: async (userId) => {
          const user = await findUserById(db, userId);
          return user && { firstName: user.first_name, lastName: user.last_name, email: user.email };
        },
        memberContext: (userId) =>
          memberContextOf(db, userId, ({ userId, role }) => (role === 'free' || role === 'pro' ? credits.current({ userId, role }) : Promise.resolve(undefined))),
      },
      log: logger.child({ component: 'support' }),
    }),
  };
}

/** Support's slice: tickets and their chat (the member's `support` routes and staff's `support-desk`). */
export const supportSlice = defineSlice({
  name: 'support',
  context: (platform, built: Pick<CreditsContext, 'credits'>) => supportContext(platform, built),
  readModels: [supportReadModel],
  aggregates: [{ name: 'support ticket', decider: ticketDecider, history: [{ type: 'TicketOpened', data: { ticketId: 't', memberId: 'u', subject: 'Help', messageId: 'm', message: 'Please' } }] }],
  streamOwners: [{ eventTypes: ['TicketOpened'], ownerOf: (event) => (event.data as TicketOpened['data']).memberId }],
  routeFolders: ['support', 'support-desk'],
  erasers: (platform) => [ticketOpensEraser(platform.database.db), messagePostsEraser(platform.database.db)],
  exportSections: ({ support }) => ({
    supportTickets: async (member) =>
      Promise.all((await support.listOwn(member)).map(async (ticket) => ({ ...ticket, messages: await support.wholeThreadOfOwn(member, ticket.id) }))),
  }),
  async memberExamples(api) {
    const ticket = await api.call('POST', '/api/support/tickets', { subject: api.distinctive('Subject'), message: api.distinctive('Message') });
    if (ticket.status !== 201) throw new Error(`opening a ticket answered ${ticket.status}: ${JSON.stringify(ticket.body)}`);
    return { ticket: ticket.body.id };
  },
  // Who may call each of its operations (the role matrix: tests/reliability/role-matrix.int.spec.ts).
  callers: {
    getSupportUnreadCount: callers.members,
    listSupportTickets: callers.members,
    listSupportTicketMessages: callers.members,
    markSupportTicketRead: callers.members,
    postSupportTicketMessage: callers.members,
    createSupportTicket: callers.members,
    listAllSupportTickets: callers.staff,
    listSupportDeskMessages: callers.staff,
    replyToSupportTicket: callers.staff,
    changeSupportTicketStatus: callers.staff,
    updateSupportTicket: callers.staff,
    deleteSupportTicket: callers.staff,
    markSupportDeskTicketRead: callers.staff,
    getSupportTicketHistory: callers.staff,
    getSupportTicketMember: callers.staff,
  },
});
