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

/** Support: members' tickets and their chat with the support team (admins and moderators). */
export function supportContext(platform: Platform, { credits }: CreditsContext) {
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
