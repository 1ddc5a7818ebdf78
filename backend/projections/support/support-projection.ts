import { sql, type Kysely, type Migration, type Selectable, type Transaction } from 'kysely';
import type { MemberTicketDto, StaffTicketDto, ThreadPage, ThreadSlice, TicketMessageDto } from '../../application/contracts/support';
import type { Database } from '../../application/ports/database';
import type { RecordedEvent } from '../../application/ports/event-store';
import {
  evolveTicket,
  initialTicketState,
  ticketEventTypes,
  type ExistingTicket,
  type SenderType,
  type TicketEvent,
  type TicketPriority,
  type TicketStatus,
  type TicketTag,
} from '../../domain/support/ticket';
import type { Projection } from '../runner/projection';
import { rowProjection } from '../runner/row-projection';

/**
 * Support tickets and their messages (member §7 support calls, back-office §7 admin support
 * calls). One row per live ticket with what the lists show and both unread counts; a deleted
 * ticket's row and messages are removed. The member's name and email are not copied here: the
 * staff queries join the users read model, so an edited name shows at once.
 */
export interface SupportTicketsTable {
  id: string;
  member_id: string;
  subject: string;
  status: TicketStatus;
  priority: TicketPriority;
  tags: TicketTag[];
  /** Support-team messages the member has not read. */
  unread_by_member: number;
  /** Member messages no staff member has read. */
  unread_by_staff: number;
  /** Messages the member has written to the ticket (the decider's per-ticket limit counts them). */
  member_messages: number;
  created_at: Date;
  /** The last message or change (read marks are neither). */
  updated_at: Date;
}
export type SupportTicketRow = Selectable<SupportTicketsTable>;

export interface SupportTicketMessagesTable {
  id: string;
  ticket_id: string;
  message: string;
  sender_type: SenderType;
  /** The event's place in the ticket's stream: the order the messages were recorded in (clocks may disagree). */
  seq: number;
  created_at: Date;
}

export const supportMigration: Migration = {
  async up(db) {
    await sql`
      create table support_tickets (
        id text primary key,
        member_id text not null,
        subject text not null,
        status text not null,
        priority text not null,
        tags jsonb not null,
        unread_by_member integer not null,
        unread_by_staff integer not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index support_tickets_member on support_tickets (member_id, created_at desc, id desc)`.execute(db);
    await sql`create index support_tickets_created on support_tickets (created_at desc, id desc)`.execute(db);
    await sql`
      create table support_ticket_messages (
        id text primary key,
        ticket_id text not null,
        message text not null,
        sender_type text not null,
        seq integer not null,
        created_at timestamptz not null
      )`.execute(db);
    await sql`create index support_ticket_messages_ticket on support_ticket_messages (ticket_id, seq)`.execute(db);
  },
};

/** Issue 48: the member's message count of each ticket, counted from the messages already there. */
export const supportMemberMessagesMigration: Migration = {
  async up(db) {
    await sql`alter table support_tickets add column member_messages integer not null default 0`.execute(db);
    await sql`
      update support_tickets set member_messages = (
        select count(*) from support_ticket_messages m where m.ticket_id = support_tickets.id and m.sender_type = 'user'
      )`.execute(db);
  },
};

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

const stateOf = (row: SupportTicketRow): ExistingTicket => ({
  status: row.status,
  ticketId: row.id,
  memberId: row.member_id,
  subject: row.subject,
  priority: row.priority,
  tags: json<TicketTag[]>(row.tags),
  unreadByMember: row.unread_by_member,
  unreadByStaff: row.unread_by_staff,
  memberMessages: row.member_messages,
  deleted: false,
});

const readMarks = new Set<string>(['TicketReadByMember', 'TicketReadByStaff']);

/** The ticket's row after one more of its events, folded by the aggregate's own `evolveTicket`; none once deleted. */
export function evolveTicketRow(row: SupportTicketRow | null, recorded: RecordedEvent): SupportTicketRow | null {
  const event = { type: recorded.type, data: recorded.data } as TicketEvent;
  const state = evolveTicket(row ? stateOf(row) : initialTicketState, event);
  if (state.status === 'none' || state.deleted) return null;
  return {
    id: state.ticketId,
    member_id: state.memberId,
    subject: state.subject,
    status: state.status,
    priority: state.priority,
    tags: state.tags,
    unread_by_member: state.unreadByMember,
    unread_by_staff: state.unreadByStaff,
    member_messages: state.memberMessages,
    created_at: row?.created_at ?? recorded.occurredAt,
    // Never earlier than before: an event recorded later may carry an earlier clock reading.
    updated_at: row && (readMarks.has(recorded.type) || new Date(row.updated_at) > recorded.occurredAt) ? row.updated_at : recorded.occurredAt,
  };
}

const ticketRows = rowProjection<SupportTicketRow>({
  name: 'support',
  table: 'support_tickets',
  keyColumn: 'id',
  handles: ticketEventTypes,
  memberFacing: true,
  rowKey: (event) => (event.data as { ticketId: string }).ticketId,
  evolve: evolveTicketRow,
});

/** The message an event brings into a ticket, if any. */
function newMessage(recorded: RecordedEvent): Selectable<SupportTicketMessagesTable> | undefined {
  const event = { type: recorded.type, data: recorded.data } as TicketEvent;
  if (event.type === 'TicketOpened') {
    const { messageId, ticketId, message } = event.data;
    return { id: messageId, ticket_id: ticketId, message, sender_type: 'user', seq: recorded.streamVersion, created_at: recorded.occurredAt };
  }
  if (event.type === 'TicketMessagePosted') {
    const { messageId, ticketId, message, senderType } = event.data;
    return { id: messageId, ticket_id: ticketId, message, sender_type: senderType, seq: recorded.streamVersion, created_at: recorded.occurredAt };
  }
  return undefined;
}

async function applyBatch(trx: Transaction<Database>, events: RecordedEvent[]) {
  await ticketRows.applyBatch!(trx, events);
  const messages = events.map(newMessage).filter((m) => m !== undefined);
  if (messages.length) {
    await trx.insertInto('support_ticket_messages').values(messages).onConflict((oc) => oc.column('id').doNothing()).execute();
  }
  // Nothing follows a deletion, so removing the ticket's messages after this batch's inserts is final.
  const deleted = events.filter((e) => e.type === 'TicketDeleted').map((e) => (e.data as { ticketId: string }).ticketId);
  if (deleted.length) await trx.deleteFrom('support_ticket_messages').where('ticket_id', 'in', deleted).execute();
}

export const supportProjection: Projection = {
  name: 'support',
  handles: ticketEventTypes,
  tables: ['support_tickets', 'support_ticket_messages'],
  memberFacing: true,
  inline: true,
  apply: (trx, event) => applyBatch(trx, [event]),
  applyBatch,
  /** The member's tickets go with every message in them, the support team's replies included. */
  async erase(trx, userId) {
    await trx
      .deleteFrom('support_ticket_messages')
      .where('ticket_id', 'in', (eb) => eb.selectFrom('support_tickets').select('id').where('member_id', '=', userId))
      .execute();
    await trx.deleteFrom('support_tickets').where('member_id', '=', userId).execute();
  },
};

// ── Reader queries: a member's are every one by the member's id ───────────────
type Db = Kysely<Database> | Transaction<Database>;
const iso = (date: Date | string) => new Date(date).toISOString();

const toMessageDto = (row: Selectable<SupportTicketMessagesTable>): TicketMessageDto => ({
  id: row.id,
  message: row.message,
  senderType: row.sender_type,
  createdAt: iso(row.created_at),
});

/** The member's tickets, newest first. */
export async function listTicketsOf(db: Db, memberId: string): Promise<MemberTicketDto[]> {
  const rows = await db
    .selectFrom('support_tickets')
    .select(['id', 'subject', 'status', 'created_at', 'updated_at', 'unread_by_member'])
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    status: row.status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    unreadCount: row.unread_by_member,
  }));
}

/**
 * One page of the messages of one of the member's tickets (see `threadOf`); undefined for
 * anyone else's ticket, null for a cursor that is not a message of this one.
 */
export async function messagesOfMemberTicket(db: Db, memberId: string, ticketId: string, page: ThreadPage): Promise<ThreadSlice | null | undefined> {
  const ticket = await db.selectFrom('support_tickets').select('id').where('id', '=', ticketId).where('member_id', '=', memberId).executeTakeFirst();
  return ticket ? threadOf(db, ticketId, page) : undefined;
}

/** Support-team messages the member has not read, over all their tickets. */
export async function unreadCountOf(db: Db, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('support_tickets')
    .select((eb) => eb.fn.sum<string | number | null>('unread_by_member').as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * At most `page.limit` messages of a ticket, oldest first, in the order they were recorded: the
 * latest ones, or those before `page.before`, or the first ones after `page.after` (a poll that
 * appends). Null when a cursor is not a message of this ticket.
 */
async function threadOf(db: Db, ticketId: string, page: ThreadPage): Promise<ThreadSlice | null> {
  const cursorId = page.after ?? page.before;
  let cursorSeq: number | undefined;
  if (cursorId !== undefined) {
    const cursor = await db.selectFrom('support_ticket_messages').select('seq').where('ticket_id', '=', ticketId).where('id', '=', cursorId).executeTakeFirst();
    if (!cursor) return null;
    cursorSeq = cursor.seq;
  }
  const messages = db.selectFrom('support_ticket_messages').selectAll().where('ticket_id', '=', ticketId);
  if (page.after !== undefined) {
    const rows = await messages.where('seq', '>', cursorSeq!).orderBy('seq').limit(page.limit).execute();
    return { messages: rows.map(toMessageDto), earlierCursor: rows.length ? rows[0]!.id : null };
  }
  const newestFirst = await (cursorSeq === undefined ? messages : messages.where('seq', '<', cursorSeq))
    .orderBy('seq', 'desc')
    .limit(page.limit + 1)
    .execute();
  const shown = newestFirst.slice(0, page.limit).reverse();
  return { messages: shown.map(toMessageDto), earlierCursor: newestFirst.length > page.limit ? shown[0]!.id : null };
}

// ── Staff queries (any ticket) ────────────────────────────────────────────────
function staffTickets(db: Db) {
  return db
    .selectFrom('support_tickets')
    .leftJoin('users', 'users.id', 'support_tickets.member_id')
    .select([
      'support_tickets.id',
      'support_tickets.member_id',
      'support_tickets.subject',
      'support_tickets.status',
      'support_tickets.priority',
      'support_tickets.tags',
      'support_tickets.unread_by_staff',
      'support_tickets.created_at',
      'support_tickets.updated_at',
      'users.first_name',
      'users.last_name',
      'users.email',
    ]);
}
type StaffRow = Awaited<ReturnType<ReturnType<typeof staffTickets>['execute']>>[number];

const toStaffDto = (row: StaffRow): StaffTicketDto => ({
  id: row.id,
  subject: row.subject,
  status: row.status,
  priority: row.priority,
  tags: json<TicketTag[]>(row.tags),
  userId: row.member_id,
  // A deleted account leaves its tickets; its name is gone with it.
  firstName: row.first_name ?? '(deleted account)',
  lastName: row.last_name ?? '',
  email: row.email ?? '',
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
  unreadCount: row.unread_by_staff,
});

/** Every live ticket, newest first, with its member's current name and email. */
export async function listAllTickets(db: Db): Promise<StaffTicketDto[]> {
  const rows = await staffTickets(db).orderBy('support_tickets.created_at', 'desc').orderBy('support_tickets.id', 'desc').execute();
  return rows.map(toStaffDto);
}

export async function findTicket(db: Db, ticketId: string): Promise<StaffTicketDto | undefined> {
  const row = await staffTickets(db).where('support_tickets.id', '=', ticketId).executeTakeFirst();
  return row ? toStaffDto(row) : undefined;
}

/** One page of the messages of any live ticket (see `threadOf`); undefined for a deleted or unknown one, null for a foreign cursor. */
export async function messagesOfTicket(db: Db, ticketId: string, page: ThreadPage): Promise<ThreadSlice | null | undefined> {
  const ticket = await db.selectFrom('support_tickets').select('id').where('id', '=', ticketId).executeTakeFirst();
  return ticket ? threadOf(db, ticketId, page) : undefined;
}
