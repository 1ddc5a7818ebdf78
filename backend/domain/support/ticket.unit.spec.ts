import { describe, it } from 'vitest';
import { deciderSpec } from '../../../tests/support/decider-spec';
import { systemActor, type Actor } from '../shared/actor';
import { ticketDecider, ticketLimits, type TicketCommand, type TicketEvent } from './ticket';

const spec = deciderSpec(ticketDecider);
const now = new Date('2026-03-01T10:00:00Z');
const ada: Actor = { kind: 'user', userId: 'user-ada', role: 'free' };
const grace: Actor = { kind: 'user', userId: 'user-grace', role: 'pro' };
const admin: Actor = { kind: 'user', userId: 'user-admin', role: 'admin' };
const moderator: Actor = { kind: 'user', userId: 'user-mod', role: 'moderator' };
const ticketId = 'ticket-1';

const meta = (actor: Actor) => ({ actor, now });
const opened: TicketEvent = {
  type: 'TicketOpened',
  data: { ticketId, memberId: 'user-ada', subject: 'Cannot save ideas', messageId: 'm1', message: 'The save button does nothing.' },
};
const reply = (messageId = 'm2'): TicketEvent => ({ type: 'TicketMessagePosted', data: { ticketId, messageId, message: 'Looking into it.', senderType: 'admin' } });
const memberMessage = (messageId = 'm3'): TicketEvent => ({ type: 'TicketMessagePosted', data: { ticketId, messageId, message: 'Thanks!', senderType: 'user' } });
const resolved: TicketEvent = { type: 'TicketStatusChanged', data: { ticketId, from: 'pending', to: 'resolved' } };
const deleted: TicketEvent = { type: 'TicketDeleted', data: { ticketId } };

const open = (actor: Actor, over: Partial<{ memberId: string; subject: string; message: string }> = {}): TicketCommand => ({
  type: 'OpenTicket',
  data: { ...opened.data, ...over } as never,
  metadata: meta(actor),
});
const post = (actor: Actor, message = 'One more thing', messageId = 'm9'): TicketCommand => ({ type: 'PostMemberMessage', data: { ticketId, messageId, message }, metadata: meta(actor) });
const answer = (actor: Actor, message = 'Fixed now', messageId = 'm9'): TicketCommand => ({ type: 'PostStaffReply', data: { ticketId, messageId, message }, metadata: meta(actor) });
const update = (actor: Actor, data: Omit<Extract<TicketCommand, { type: 'UpdateTicket' }>['data'], 'ticketId'>): TicketCommand => ({
  type: 'UpdateTicket',
  data: { ticketId, ...data },
  metadata: meta(actor),
});
const memberRead = (actor: Actor): TicketCommand => ({ type: 'MarkReadByMember', data: { ticketId }, metadata: meta(actor) });
const staffRead = (actor: Actor): TicketCommand => ({ type: 'MarkReadByStaff', data: { ticketId }, metadata: meta(actor) });
const remove = (actor: Actor): TicketCommand => ({ type: 'DeleteTicket', data: { ticketId }, metadata: meta(actor) });

describe('opening a ticket', () => {
  it('opens it with the trimmed subject and first message', () => {
    spec.given([]).when(open(ada, { subject: '  Cannot save ideas ', message: ' The save button does nothing. ' })).then([opened]);
  });

  it('keeps the subject on one line: line breaks, tabs and space runs become one space', () => {
    spec.given([]).when(open(ada, { subject: 'Cannot\r\nBcc: someone@example.com\t  save   ideas' })).then([
      { ...opened, data: { ...opened.data, subject: 'Cannot Bcc: someone@example.com save ideas' } } as TicketEvent,
    ]);
  });

  it('starts pending, at medium priority, without tags, its first message unread by staff', () => {
    spec.given([opened]).thenState({ status: 'pending', priority: 'medium', tags: [], unreadByStaff: 1, unreadByMember: 0 });
  });

  it('refuses a blank subject or message', () => {
    spec.given([]).when(open(ada, { subject: '   ' })).thenThrows('ticket_subject_required', { kind: 'invalid' });
    spec.given([]).when(open(ada, { message: '' })).thenThrows('ticket_message_required', { kind: 'invalid' });
  });

  it('refuses a subject or message over the limit', () => {
    spec.given([]).when(open(ada, { subject: 's'.repeat(ticketLimits.subject + 1) })).thenThrows('ticket_subject_too_long');
    spec.given([]).when(open(ada, { message: 'm'.repeat(ticketLimits.message + 1) })).thenThrows('ticket_message_too_long');
  });

  it('is only for the member themselves', () => {
    spec.given([]).when(open(grace)).thenThrows('forbidden', { kind: 'forbidden', data: { action: 'open_ticket_for_another' } });
  });

  it('refuses a second opening of the same ticket', () => {
    spec.given([opened]).when(open(ada)).thenThrows('ticket_exists', { kind: 'conflict' });
  });
});

describe('the member', () => {
  it('writes to their own open ticket as the user', () => {
    spec.given([opened]).when(post(ada)).then([{ type: 'TicketMessagePosted', data: { ticketId, messageId: 'm9', message: 'One more thing', senderType: 'user' } }]);
  });

  it("is told another member's ticket does not exist", () => {
    spec.given([opened]).when(post(grace)).thenThrows('ticket_not_found', { kind: 'not_found' });
    spec.given([opened, reply()]).when(memberRead(grace)).thenThrows('ticket_not_found');
  });

  it('is told a ticket that was never opened does not exist', () => {
    spec.given([]).when(post(ada)).thenThrows('ticket_not_found');
  });

  it('is told a deleted ticket does not exist', () => {
    spec.given([opened, reply(), deleted]).when(post(ada)).thenThrows('ticket_not_found');
    spec.given([opened, reply(), deleted]).when(memberRead(ada)).thenThrows('ticket_not_found');
  });

  it('writes at most memberMessagesPerTicket messages to one ticket, the opening one included; staff replies do not count', () => {
    const limit = ticketLimits.memberMessagesPerTicket;
    const mine = Array.from({ length: limit - 2 }, (_, i) => memberMessage(`mine-${i}`));
    const replies = Array.from({ length: 5 }, (_, i) => reply(`reply-${i}`));
    spec.given([opened, ...replies, ...mine]).when(post(ada)).then([
      { type: 'TicketMessagePosted', data: { ticketId, messageId: 'm9', message: 'One more thing', senderType: 'user' } },
    ]);
    spec.given([opened, ...replies, ...mine, memberMessage('last')]).when(post(ada)).thenThrows('ticket_message_limit', { kind: 'limit' });
    // The support team may still answer a full ticket.
    spec.given([opened, ...mine, memberMessage('last')]).when(answer(admin)).then([
      { type: 'TicketMessagePosted', data: { ticketId, messageId: 'm9', message: 'Fixed now', senderType: 'admin' } },
    ]);
  });

  it('may not write to a resolved ticket', () => {
    spec.given([opened, resolved]).when(post(ada)).thenThrows('ticket_resolved', { kind: 'conflict' });
  });

  it('may not send a blank message', () => {
    spec.given([opened]).when(post(ada, '  ')).thenThrows('ticket_message_required');
  });

  it('counts each support-team reply as unread until the member reads the ticket', () => {
    spec.given([opened, reply('m2'), reply('m3')]).thenState({ unreadByMember: 2 });
    spec.given([opened, reply('m2'), reply('m3')]).when(memberRead(ada)).then([{ type: 'TicketReadByMember', data: { ticketId } }]);
    spec.given([opened, reply(), { type: 'TicketReadByMember', data: { ticketId } }]).thenState({ unreadByMember: 0 });
  });

  it('writes no read mark when nothing is unread', () => {
    spec.given([opened, memberMessage()]).when(memberRead(ada)).thenNothingHappens();
  });
});

describe('the support team', () => {
  it('an admin or a moderator replies as the support team', () => {
    const posted = (messageId: string): TicketEvent => ({ type: 'TicketMessagePosted', data: { ticketId, messageId, message: 'Fixed now', senderType: 'admin' } });
    spec.given([opened]).when(answer(admin, 'Fixed now', 'a1')).then([posted('a1')]);
    spec.given([opened]).when(answer(moderator, ' Fixed now ', 'a2')).then([posted('a2')]);
  });

  it('may reply to a resolved ticket', () => {
    spec.given([opened, resolved]).when(answer(admin)).then([{ type: 'TicketMessagePosted', data: { ticketId, messageId: 'm9', message: 'Fixed now', senderType: 'admin' } }]);
  });

  it('a member cannot act as the support team, even on their own ticket', () => {
    spec.given([opened]).when(answer(ada)).thenThrows('forbidden', { data: { action: 'answer_ticket' } });
    spec.given([opened]).when(update(ada, { status: 'resolved' })).thenThrows('forbidden', { data: { action: 'update_ticket' } });
    spec.given([opened]).when(remove(ada)).thenThrows('forbidden', { data: { action: 'delete_ticket' } });
    spec.given([opened]).when(staffRead(ada)).thenThrows('forbidden', { data: { action: 'read_ticket' } });
    spec.given([opened]).when(answer(systemActor('test'))).thenThrows('forbidden');
  });

  it('cannot reach a deleted or unknown ticket', () => {
    spec.given([opened, deleted]).when(answer(admin)).thenThrows('ticket_not_found');
    spec.given([opened, deleted]).when(remove(admin)).thenThrows('ticket_not_found');
    spec.given([]).when(update(moderator, { status: 'resolved' })).thenThrows('ticket_not_found');
  });

  it('changes the status, naming where it came from', () => {
    spec.given([opened]).when(update(moderator, { status: 'in-progress' })).then([{ type: 'TicketStatusChanged', data: { ticketId, from: 'pending', to: 'in-progress' } }]);
  });

  it('changes the priority, naming where it came from', () => {
    spec.given([opened]).when(update(admin, { priority: 'high' })).then([{ type: 'TicketPriorityChanged', data: { ticketId, from: 'medium', to: 'high' } }]);
  });

  it('sets the tags as a whole: adds the missing, removes the dropped', () => {
    const bug: TicketEvent = { type: 'TicketTagAdded', data: { ticketId, tag: 'Bug' } };
    spec.given([opened, bug]).when(update(admin, { tags: ['Billing'] })).then([
      { type: 'TicketTagRemoved', data: { ticketId, tag: 'Bug' } },
      { type: 'TicketTagAdded', data: { ticketId, tag: 'Billing' } },
    ]);
    spec.given([opened, { type: 'TicketTagAdded', data: { ticketId, tag: 'General' } }, bug]).thenState({ tags: ['Bug', 'General'] });
  });

  it('writes nothing when status, priority and tags are already so', () => {
    spec.given([opened]).when(update(admin, { status: 'pending', priority: 'medium', tags: [] })).thenNothingHappens();
  });

  it('refuses a value the ticket cannot take', () => {
    spec.given([opened]).when(update(admin, { status: 'closed' as never })).thenThrows('invalid_ticket_value', { data: { field: 'status' } });
    spec.given([opened]).when(update(admin, { priority: 'critical' as never })).thenThrows('invalid_ticket_value', { data: { field: 'priority' } });
    spec.given([opened]).when(update(admin, { tags: ['Urgent' as never] })).thenThrows('invalid_ticket_value', { data: { field: 'tags' } });
  });

  it("counts the member's messages as unread for staff until one of them reads the ticket", () => {
    spec.given([opened, memberMessage()]).thenState({ unreadByStaff: 2 });
    spec.given([opened, memberMessage()]).when(staffRead(moderator)).then([{ type: 'TicketReadByStaff', data: { ticketId } }]);
    spec.given([opened, { type: 'TicketReadByStaff', data: { ticketId } }]).when(staffRead(admin)).thenNothingHappens();
  });

  it('deletes a ticket once; it is then gone', () => {
    spec.given([opened]).when(remove(moderator)).then([deleted]);
    spec.given([opened, deleted]).thenState({ deleted: true });
  });
});
