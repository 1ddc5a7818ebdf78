import type { Actor, UserActor } from '../shared/actor';
import type { Command, Decider } from '../shared/decider';
import { DomainError, NotAllowed, assertNever } from '../shared/domain-error';
import { defineStream } from '../shared/stream';
import { ticketLimits } from './support-limits';

export { ticketLimits };

/**
 * A support ticket (member-product §2 Support, §3, §4; back-office §2 Support tab, §3; issue 28):
 * a member opens it with a subject and a first message; the member and the support team (admins
 * and moderators, design §5) then write to it; staff set its status, priority and tags, and may
 * delete it. One stream per ticket. A member acts only on their own ticket: anyone else's, or a
 * deleted one, is answered as if it did not exist. Ids (ticket, messages) come in the commands.
 */
export const ticketStream = defineStream('ticket');

export const ticketStatuses = ['pending', 'in-progress', 'resolved'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
export const ticketPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof ticketPriorities)[number];
/** In this order everywhere a ticket's tags are listed. */
export const ticketTags = ['Bug', 'Feature Request', 'Billing', 'General'] as const;
export type TicketTag = (typeof ticketTags)[number];
/** The member (`user`) or the support team (`admin`, also a moderator's reply), as the spec names them. */
export type SenderType = 'user' | 'admin';

// ── Events ────────────────────────────────────────────────────────────────────
export type TicketOpened = {
  type: 'TicketOpened';
  data: { ticketId: string; memberId: string; subject: string; messageId: string; message: string };
};
export type TicketMessagePosted = {
  type: 'TicketMessagePosted';
  data: { ticketId: string; messageId: string; message: string; senderType: SenderType };
};
export type TicketStatusChanged = { type: 'TicketStatusChanged'; data: { ticketId: string; from: TicketStatus; to: TicketStatus } };
export type TicketPriorityChanged = { type: 'TicketPriorityChanged'; data: { ticketId: string; from: TicketPriority; to: TicketPriority } };
export type TicketTagAdded = { type: 'TicketTagAdded'; data: { ticketId: string; tag: TicketTag } };
export type TicketTagRemoved = { type: 'TicketTagRemoved'; data: { ticketId: string; tag: TicketTag } };
export type TicketReadByMember = { type: 'TicketReadByMember'; data: { ticketId: string } };
export type TicketReadByStaff = { type: 'TicketReadByStaff'; data: { ticketId: string } };
export type TicketDeleted = { type: 'TicketDeleted'; data: { ticketId: string } };

export type TicketEvent =
  | TicketOpened
  | TicketMessagePosted
  | TicketStatusChanged
  | TicketPriorityChanged
  | TicketTagAdded
  | TicketTagRemoved
  | TicketReadByMember
  | TicketReadByStaff
  | TicketDeleted;

export const ticketEventTypes = [
  'TicketOpened',
  'TicketMessagePosted',
  'TicketStatusChanged',
  'TicketPriorityChanged',
  'TicketTagAdded',
  'TicketTagRemoved',
  'TicketReadByMember',
  'TicketReadByStaff',
  'TicketDeleted',
] as const satisfies readonly TicketEvent['type'][];

// ── Commands ──────────────────────────────────────────────────────────────────
export type OpenTicket = Command<'OpenTicket', TicketOpened['data']>;
/** A message of the ticket's member. */
export type PostMemberMessage = Command<'PostMemberMessage', { ticketId: string; messageId: string; message: string }>;
/** A reply of the support team. */
export type PostStaffReply = Command<'PostStaffReply', { ticketId: string; messageId: string; message: string }>;
/** Staff: any of status, priority and the whole set of tags; what is already so writes nothing. */
export type UpdateTicket = Command<'UpdateTicket', { ticketId: string; status?: TicketStatus; priority?: TicketPriority; tags?: TicketTag[] }>;
export type MarkReadByMember = Command<'MarkReadByMember', { ticketId: string }>;
export type MarkReadByStaff = Command<'MarkReadByStaff', { ticketId: string }>;
export type DeleteTicket = Command<'DeleteTicket', { ticketId: string }>;

export type TicketCommand = OpenTicket | PostMemberMessage | PostStaffReply | UpdateTicket | MarkReadByMember | MarkReadByStaff | DeleteTicket;

// ── State ─────────────────────────────────────────────────────────────────────
export type ExistingTicket = {
  status: TicketStatus;
  ticketId: string;
  memberId: string;
  subject: string;
  priority: TicketPriority;
  tags: TicketTag[];
  /** Support-team messages since the member last read the ticket. */
  unreadByMember: number;
  /** Member messages since a staff member last read the ticket. */
  unreadByStaff: number;
  /** Messages the member has written to the ticket, the opening one included. */
  memberMessages: number;
  deleted: boolean;
};
export type TicketState = { status: 'none' } | ExistingTicket;
export const initialTicketState: TicketState = { status: 'none' };

// ── Errors: a code, a kind and the facts; the application words them ──────────
export const TicketNotFound = () => new DomainError('ticket_not_found', 'not_found');
export const TicketExists = () => new DomainError('ticket_exists', 'conflict');
export const TicketResolved = () => new DomainError('ticket_resolved', 'conflict');
export const SubjectRequired = () => new DomainError('ticket_subject_required', 'invalid');
export const SubjectTooLong = () => new DomainError('ticket_subject_too_long', 'invalid', { max: ticketLimits.subject });
export const MessageRequired = () => new DomainError('ticket_message_required', 'invalid');
export const MessageTooLong = () => new DomainError('ticket_message_too_long', 'invalid', { max: ticketLimits.message });
export const TicketMessageLimitReached = () => new DomainError('ticket_message_limit', 'limit', { max: ticketLimits.memberMessagesPerTicket });
export const UnknownTicketValue = (field: string) => new DomainError('invalid_ticket_value', 'invalid', { field });

// ── Who may act ───────────────────────────────────────────────────────────────
/** Admins and moderators answer support tickets (design §5). */
export const isStaff = (actor: Actor): actor is UserActor => actor.kind === 'user' && (actor.role === 'admin' || actor.role === 'moderator');

/** The ticket, when it exists, is not deleted and the actor is its member; otherwise as if there were none. */
function membersTicket(state: TicketState, actor: Actor): ExistingTicket {
  if (state.status === 'none' || state.deleted || actor.kind !== 'user' || actor.userId !== state.memberId) throw TicketNotFound();
  return state;
}

/** Any live ticket, for staff; anyone else is refused before the ticket is looked at. */
function staffTicket(state: TicketState, actor: Actor, action: string): ExistingTicket {
  if (!isStaff(actor)) throw NotAllowed(action);
  if (state.status === 'none' || state.deleted) throw TicketNotFound();
  return state;
}

/** A subject is one line: line breaks, tabs and runs of spaces become one space (it heads an email's Subject too). */
function checkSubject(subject: string): string {
  // eslint-disable-next-line no-control-regex -- collapsing control characters is the point
  const trimmed = subject.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
  if (trimmed === '') throw SubjectRequired();
  if (trimmed.length > ticketLimits.subject) throw SubjectTooLong();
  return trimmed;
}

function checkMessage(message: string): string {
  const trimmed = message.trim();
  if (trimmed === '') throw MessageRequired();
  if (trimmed.length > ticketLimits.message) throw MessageTooLong();
  return trimmed;
}

// ── One function per command ──────────────────────────────────────────────────
function openTicket(command: OpenTicket, state: TicketState): TicketEvent[] {
  const { data, metadata } = command;
  if (state.status !== 'none') throw TicketExists();
  if (metadata.actor.kind !== 'user' || metadata.actor.userId !== data.memberId) throw NotAllowed('open_ticket_for_another');
  return [{ type: 'TicketOpened', data: { ...data, subject: checkSubject(data.subject), message: checkMessage(data.message) } }];
}

function postMemberMessage(command: PostMemberMessage, state: TicketState): TicketEvent[] {
  const ticket = membersTicket(state, command.metadata.actor);
  if (ticket.status === 'resolved') throw TicketResolved();
  if (ticket.memberMessages >= ticketLimits.memberMessagesPerTicket) throw TicketMessageLimitReached();
  const { messageId, message } = command.data;
  return [{ type: 'TicketMessagePosted', data: { ticketId: ticket.ticketId, messageId, message: checkMessage(message), senderType: 'user' } }];
}

function postStaffReply(command: PostStaffReply, state: TicketState): TicketEvent[] {
  const ticket = staffTicket(state, command.metadata.actor, 'answer_ticket');
  const { messageId, message } = command.data;
  return [{ type: 'TicketMessagePosted', data: { ticketId: ticket.ticketId, messageId, message: checkMessage(message), senderType: 'admin' } }];
}

function updateTicket(command: UpdateTicket, state: TicketState): TicketEvent[] {
  const ticket = staffTicket(state, command.metadata.actor, 'update_ticket');
  const { status, priority, tags } = command.data;
  const { ticketId } = ticket;
  const events: TicketEvent[] = [];
  if (status !== undefined) {
    if (!ticketStatuses.includes(status)) throw UnknownTicketValue('status');
    if (status !== ticket.status) events.push({ type: 'TicketStatusChanged', data: { ticketId, from: ticket.status, to: status } });
  }
  if (priority !== undefined) {
    if (!ticketPriorities.includes(priority)) throw UnknownTicketValue('priority');
    if (priority !== ticket.priority) events.push({ type: 'TicketPriorityChanged', data: { ticketId, from: ticket.priority, to: priority } });
  }
  if (tags !== undefined) {
    if (tags.some((tag) => !ticketTags.includes(tag))) throw UnknownTicketValue('tags');
    for (const tag of ticketTags) {
      const wanted = tags.includes(tag);
      const has = ticket.tags.includes(tag);
      if (wanted && !has) events.push({ type: 'TicketTagAdded', data: { ticketId, tag } });
      if (!wanted && has) events.push({ type: 'TicketTagRemoved', data: { ticketId, tag } });
    }
  }
  return events;
}

function markReadByMember(command: MarkReadByMember, state: TicketState): TicketEvent[] {
  const ticket = membersTicket(state, command.metadata.actor);
  return ticket.unreadByMember === 0 ? [] : [{ type: 'TicketReadByMember', data: { ticketId: ticket.ticketId } }];
}

function markReadByStaff(command: MarkReadByStaff, state: TicketState): TicketEvent[] {
  const ticket = staffTicket(state, command.metadata.actor, 'read_ticket');
  return ticket.unreadByStaff === 0 ? [] : [{ type: 'TicketReadByStaff', data: { ticketId: ticket.ticketId } }];
}

function deleteTicket(command: DeleteTicket, state: TicketState): TicketEvent[] {
  const ticket = staffTicket(state, command.metadata.actor, 'delete_ticket');
  return [{ type: 'TicketDeleted', data: { ticketId: ticket.ticketId } }];
}

export function decideTicket(command: TicketCommand, state: TicketState): TicketEvent[] {
  switch (command.type) {
    case 'OpenTicket':
      return openTicket(command, state);
    case 'PostMemberMessage':
      return postMemberMessage(command, state);
    case 'PostStaffReply':
      return postStaffReply(command, state);
    case 'UpdateTicket':
      return updateTicket(command, state);
    case 'MarkReadByMember':
      return markReadByMember(command, state);
    case 'MarkReadByStaff':
      return markReadByStaff(command, state);
    case 'DeleteTicket':
      return deleteTicket(command, state);
    default:
      return assertNever(command);
  }
}

// ── Evolve ────────────────────────────────────────────────────────────────────
const inOrder = (tags: TicketTag[]) => ticketTags.filter((tag) => tags.includes(tag));

export function evolveTicket(state: TicketState, event: TicketEvent): TicketState {
  if (event.type === 'TicketOpened') {
    const { ticketId, memberId, subject } = event.data;
    return { status: 'pending', ticketId, memberId, subject, priority: 'medium', tags: [], unreadByMember: 0, unreadByStaff: 1, memberMessages: 1, deleted: false };
  }
  // Events of a ticket that does not exist cannot be recorded; ignoring one keeps folds total.
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'TicketMessagePosted':
      return event.data.senderType === 'admin'
        ? { ...state, unreadByMember: state.unreadByMember + 1 }
        : { ...state, unreadByStaff: state.unreadByStaff + 1, memberMessages: state.memberMessages + 1 };
    case 'TicketStatusChanged':
      return { ...state, status: event.data.to };
    case 'TicketPriorityChanged':
      return { ...state, priority: event.data.to };
    case 'TicketTagAdded':
      return { ...state, tags: inOrder([...state.tags, event.data.tag]) };
    case 'TicketTagRemoved':
      return { ...state, tags: state.tags.filter((tag) => tag !== event.data.tag) };
    case 'TicketReadByMember':
      return { ...state, unreadByMember: 0 };
    case 'TicketReadByStaff':
      return { ...state, unreadByStaff: 0 };
    case 'TicketDeleted':
      return { ...state, deleted: true };
    default:
      return assertNever(event);
  }
}

export const ticketDecider: Decider<TicketCommand, TicketEvent, TicketState> = {
  initialState: initialTicketState,
  decide: decideTicket,
  evolve: evolveTicket,
  schemaVersions: {
    TicketOpened: 1,
    TicketMessagePosted: 1,
    TicketStatusChanged: 1,
    TicketPriorityChanged: 1,
    TicketTagAdded: 1,
    TicketTagRemoved: 1,
    TicketReadByMember: 1,
    TicketReadByStaff: 1,
    TicketDeleted: 1,
  },
};
