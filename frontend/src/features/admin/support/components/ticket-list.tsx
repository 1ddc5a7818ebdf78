import type { StaffTicketDto } from '@contracts/support';
import { TicketStatusTag } from '../../../../components/ui/ticket-status-tag';
import { formatDate, fullName } from './support-format';

/** Back-office §2 Support tab, left: each ticket's subject, status badge, the member's name and the created date; unread member messages are marked. */
export function TicketList({
  tickets,
  selectedId,
  onSelect,
}: {
  tickets: StaffTicketDto[];
  selectedId: string | null;
  onSelect: (ticketId: string) => void;
}) {
  return (
    <ul className="desk-ticket-list" aria-label="Support tickets">
      {tickets.map((ticket) => {
        const selected = ticket.id === selectedId;
        return (
          <li key={ticket.id}>
            <button
              type="button"
              className={`desk-ticket-list-item${selected ? ' is-selected' : ''}${ticket.unreadCount > 0 ? ' is-unread' : ''}`}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(ticket.id)}
              data-testid="desk-ticket-list-item"
            >
              <span className="desk-ticket-list-item-top">
                <span className="desk-ticket-list-subject">{ticket.subject}</span>
                {ticket.unreadCount > 0 ? (
                  <span className="ticket-unread-marker" aria-label={`${ticket.unreadCount} unread`} title={`${ticket.unreadCount} unread`} />
                ) : null}
              </span>
              <span className="desk-ticket-list-item-meta">
                <TicketStatusTag status={ticket.status} />
                <span className="desk-ticket-list-name">{fullName(ticket)}</span>
                <time dateTime={ticket.createdAt}>{formatDate(ticket.createdAt)}</time>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
