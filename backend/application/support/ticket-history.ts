import type { TicketEvent } from '../../domain/support/ticket';
import type { TicketHistoryEntryDto } from '../contracts/support';
import type { RecordedEvent } from '../ports/event-store';
import type { Person } from './support-reads';

/**
 * The ticket history (issue 28, beyond the spec): every event of a ticket's stream, oldest first,
 * as a line staff can read: what changed, when, and who did it (their name now, the role they
 * held then).
 */

const quoted = (text: string, max = 120) => `“${text.length > max ? `${text.slice(0, max - 1)}…` : text}”`;

export function summaryOf(event: TicketEvent): string {
  switch (event.type) {
    case 'TicketOpened':
      return `Opened the ticket ${quoted(event.data.subject)}. Message: ${quoted(event.data.message)}`;
    case 'TicketMessagePosted':
      return `${event.data.senderType === 'admin' ? 'Reply' : 'Message'}: ${quoted(event.data.message)}`;
    case 'TicketStatusChanged':
      return `Status: ${event.data.from} → ${event.data.to}`;
    case 'TicketPriorityChanged':
      return `Priority: ${event.data.from} → ${event.data.to}`;
    case 'TicketTagAdded':
      return `Tag added: ${event.data.tag}`;
    case 'TicketTagRemoved':
      return `Tag removed: ${event.data.tag}`;
    case 'TicketReadByMember':
      return 'Read by the member';
    case 'TicketReadByStaff':
      return 'Read by the support team';
    case 'TicketDeleted':
      return 'Deleted the ticket';
  }
}

const nameOf = (person: Person | undefined) => (person ? `${person.firstName} ${person.lastName}`.trim() : '(deleted account)');

/** `people`: the current names of the stream's actors, by user id. */
export function ticketHistory(stream: RecordedEvent[], people: Map<string, Person | undefined>): TicketHistoryEntryDto[] {
  return stream.map((recorded) => {
    const event = { type: recorded.type, data: recorded.data } as TicketEvent;
    const { actor } = recorded;
    return {
      type: event.type,
      at: recorded.occurredAt.toISOString(),
      actor:
        actor.kind === 'user'
          ? { kind: 'user', id: actor.userId, name: nameOf(people.get(actor.userId)), role: actor.role }
          : { kind: 'system', id: actor.name, name: actor.name, role: null },
      summary: summaryOf(event),
    };
  });
}
