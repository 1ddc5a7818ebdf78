import type { Kysely } from 'kysely';
import type { UserActor } from '../../domain/shared/actor';
import {
  TicketNotFound,
  isStaff,
  ticketDecider,
  ticketStream,
  type TicketCommand,
  type TicketMessagePosted,
  type TicketState,
} from '../../domain/support/ticket';
import { DomainError, NotAllowed } from '../../domain/shared/domain-error';
import {
  THREAD_PAGE_DEFAULT,
  THREAD_PAGE_MAX,
  type CreateTicketRequest,
  type ThreadPage,
  type ThreadPageQuery,
  type ThreadSlice,
  type TicketMessageDto,
  type UpdateTicketRequest,
} from '../contracts/support';
import { foldStream, handleCommand, type CommandInput } from '../event-sourcing/command-handler';
import type { CommandContext } from '../event-sourcing/command-context';
import { commandContext } from '../event-sourcing/command-context';
import type { Database } from '../ports/database';
import type { AllPosition, EventStore } from '../ports/event-store';
import type { Clock, IdGenerator, Mailer } from '../ports/system';
import type { Person, SupportReads } from './support-reads';
import { releaseMessagePost, reserveMessagePost } from './message-posts';
import { releaseTicketOpening, reserveTicketOpening } from './ticket-opens';
import { ticketHistory } from './ticket-history';

export interface SupportDeps {
  db: Kysely<Database>;
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  mailer: Mailer;
  /** The site's public address (PUBLIC_URL): the reply email links to its /support. */
  publicUrl: string;
  reads: SupportReads;
  log?: { error(obj: object, msg: string): void };
}

/** The ticket's member has deleted their account. */
const MemberGone = () => new DomainError('user_not_found', 'not_found');

/** A thread cursor that is not a message of the ticket. */
const InvalidMessageCursor = () => new DomainError('invalid_message_cursor', 'invalid');

/** The page a thread read asks for; without parameters the latest THREAD_PAGE_DEFAULT messages. */
const pageOf = (query: ThreadPageQuery = {}): ThreadPage => ({
  limit: query.limit ? Number(query.limit) : THREAD_PAGE_DEFAULT,
  before: query.before,
  after: query.after,
});

/** A thread read's answer, or the refusal its lookup stands for. */
function sliceOf(slice: ThreadSlice | null | undefined): ThreadSlice {
  if (slice === undefined) throw TicketNotFound();
  if (slice === null) throw InvalidMessageCursor();
  return slice;
}

/** Where a request came from. */
type Origin = { requestId: string };

/**
 * Support tickets (member-product §2 Support, §7; back-office §2 Support tab, §7; issue 28).
 * Commands run through `handleCommand` on the ticket's stream with the caller as actor: the
 * ticket decider answers a member's call on anyone else's ticket as not found, and refuses a
 * member acting as staff. Reads come from the support read model, a member's always by the
 * member's id. A staff reply queues a 'ticket reply' email to the ticket's member.
 */
export function createSupportService(deps: SupportDeps) {
  const { db, eventStore, ids, clock, mailer, publicUrl, reads } = deps;
  const log = deps.log ?? { error: () => {} };

  function run(context: CommandContext, ticketId: string, command: (state: TicketState) => CommandInput<TicketCommand>) {
    return handleCommand({ eventStore, ids }, ticketDecider, ticketStream.name(ticketId), command, context);
  }

  const contextOf = (actor: UserActor, origin: Origin) => commandContext(clock, { actor, requestId: origin.requestId }, 'support');

  /** Refuses a caller who is not on the support team before anything is read. */
  function staffOnly(actor: UserActor, action: string) {
    if (!isStaff(actor)) throw NotAllowed(action);
  }

  /** The message a post wrote, as the thread shows it. */
  function postedMessage(events: unknown[], context: CommandContext): TicketMessageDto {
    const posted = events[0] as TicketMessagePosted;
    return { id: posted.data.messageId, message: posted.data.message, senderType: posted.data.senderType, createdAt: context.now.toISOString() };
  }

  async function sendReplyEmail(memberId: string, subject: string) {
    const member = await reads.person(memberId);
    if (!member) return;
    await mailer.send({
      to: member.email,
      recipientId: memberId,
      template: 'ticket-reply',
      variables: { firstName: member.firstName, ticketSubject: subject, ticketLink: `${publicUrl}/support`, appUrl: publicUrl },
    });
  }

  async function staffTicket(staff: UserActor, ticketId: string) {
    staffOnly(staff, 'read_ticket');
    const ticket = await reads.ticket(ticketId);
    if (!ticket) throw TicketNotFound();
    return ticket;
  }

  return {
    // ── Members ──────────────────────────────────────────────────────────────
    /** POST /api/support/tickets: at most TICKETS_PER_DAY a day; the opening counts only when recorded. */
    async open(member: UserActor, request: CreateTicketRequest, origin: Origin): Promise<{ id: string; position: AllPosition | null }> {
      const context = contextOf(member, origin);
      const reservation = await reserveTicketOpening(db, member.userId, context.now);
      const ticketId = ids.next();
      try {
        const outcome = await run(context, ticketId, () => ({
          type: 'OpenTicket',
          data: { ticketId, memberId: member.userId, subject: request.subject, messageId: ids.next(), message: request.message },
        }));
        return { id: ticketId, position: outcome.position };
      } catch (error) {
        await releaseTicketOpening(db, reservation).catch((releaseError) => log.error({ err: releaseError }, 'could not give a ticket opening back'));
        throw error;
      }
    },

    /**
     * POST /api/support/tickets/{id}/messages: refused on a resolved ticket (409 ticket_resolved),
     * beyond the ticket's message limit (429 ticket_message_limit) and beyond the member's daily
     * messages (429 ticket_message_daily_limit); a refused message does not count for the day.
     */
    async post(member: UserActor, ticketId: string, message: string, origin: Origin) {
      const context = contextOf(member, origin);
      const reservation = await reserveMessagePost(db, member.userId, context.now);
      try {
        const outcome = await run(context, ticketId, () => ({ type: 'PostMemberMessage', data: { ticketId, messageId: ids.next(), message } }));
        return { message: postedMessage(outcome.newEvents, context), position: outcome.position };
      } catch (error) {
        await releaseMessagePost(db, reservation).catch((releaseError) => log.error({ err: releaseError }, 'could not give a message back'));
        throw error;
      }
    },

    /** PATCH /api/support/tickets/{id}/read: writes only when a reply was unread. */
    async markRead(member: UserActor, ticketId: string, origin: Origin) {
      const outcome = await run(contextOf(member, origin), ticketId, () => ({ type: 'MarkReadByMember', data: { ticketId } }));
      return { position: outcome.position };
    },

    listOwn: (member: UserActor) => reads.memberTickets(member.userId),

    /** GET /api/support/tickets/{id}/messages: one page of the member's own ticket (the latest messages without a query). */
    async messagesOfOwn(member: UserActor, ticketId: string, query?: ThreadPageQuery) {
      return sliceOf(await reads.memberMessages(member.userId, ticketId, pageOf(query)));
    },

    /** Every message of the member's own ticket, oldest first (the account data export), read a page at a time. */
    async wholeThreadOfOwn(member: UserActor, ticketId: string): Promise<TicketMessageDto[]> {
      const thread: TicketMessageDto[] = [];
      let before: string | undefined;
      do {
        const page = sliceOf(await reads.memberMessages(member.userId, ticketId, { limit: THREAD_PAGE_MAX, before }));
        thread.unshift(...page.messages);
        before = page.earlierCursor ?? undefined;
      } while (before !== undefined);
      return thread;
    },

    unreadCount: (member: UserActor) => reads.memberUnreadCount(member.userId),

    // ── Staff (admins and moderators) ────────────────────────────────────────
    async list(staff: UserActor) {
      staffOnly(staff, 'read_ticket');
      return reads.tickets();
    },

    /** GET /api/admin/support-tickets/{id}/messages: one page of any live ticket. */
    async messages(staff: UserActor, ticketId: string, query?: ThreadPageQuery) {
      staffOnly(staff, 'read_ticket');
      return sliceOf(await reads.messages(ticketId, pageOf(query)));
    },

    ticket: staffTicket,

    /** POST /api/admin/support-tickets/{id}/messages: the reply, then the member's 'ticket reply' email. */
    async reply(staff: UserActor, ticketId: string, message: string, origin: Origin) {
      const context = contextOf(staff, origin);
      const outcome = await run(context, ticketId, () => ({ type: 'PostStaffReply', data: { ticketId, messageId: ids.next(), message } }));
      const ticket = outcome.state as Exclude<TicketState, { status: 'none' }>;
      // The reply is stored; an email that cannot be queued must not undo it.
      await sendReplyEmail(ticket.memberId, ticket.subject).catch((error) => log.error({ err: error }, 'could not queue the ticket reply email'));
      return { message: postedMessage(outcome.newEvents, context), position: outcome.position };
    },

    /** PATCH /api/admin/support-tickets/{id} and …/status: what is already so writes nothing. */
    async update(staff: UserActor, ticketId: string, changes: UpdateTicketRequest, origin: Origin) {
      const outcome = await run(contextOf(staff, origin), ticketId, () => ({ type: 'UpdateTicket', data: { ticketId, ...changes } }));
      return { position: outcome.position };
    },

    async markReadByStaff(staff: UserActor, ticketId: string, origin: Origin) {
      const outcome = await run(contextOf(staff, origin), ticketId, () => ({ type: 'MarkReadByStaff', data: { ticketId } }));
      return { position: outcome.position };
    },

    async remove(staff: UserActor, ticketId: string, origin: Origin) {
      const outcome = await run(contextOf(staff, origin), ticketId, () => ({ type: 'DeleteTicket', data: { ticketId } }));
      return { position: outcome.position };
    },

    /** GET /api/admin/support-tickets/{id}/history: from the event store stream, not a read model. */
    async history(staff: UserActor, ticketId: string) {
      staffOnly(staff, 'read_ticket');
      const stream = await eventStore.readStream(ticketStream.name(ticketId));
      const state = foldStream(ticketDecider, stream);
      if (state.status === 'none' || state.deleted) throw TicketNotFound();
      const userIds = [...new Set(stream.flatMap((e) => (e.actor.kind === 'user' ? [e.actor.userId] : [])))];
      const people = new Map<string, Person | undefined>(await Promise.all(userIds.map(async (id) => [id, await reads.person(id)] as const)));
      return ticketHistory(stream, people);
    },

    /** GET /api/admin/support-tickets/{id}/member: the member behind the ticket, from the read models. */
    async memberContext(staff: UserActor, ticketId: string) {
      const ticket = await staffTicket(staff, ticketId);
      const context = await reads.memberContext(ticket.userId);
      if (!context) throw MemberGone();
      return context;
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
