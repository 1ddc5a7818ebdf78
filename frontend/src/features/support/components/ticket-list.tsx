import { Card, Tag } from '@blueprintjs/core';
import type { MemberTicketDto } from '@contracts/support';
import { LoadingText } from '../../../components/ui/loading-text';
import { TicketStatusTag } from '../../../components/ui/ticket-status-tag';
import type { useTickets } from '../api/get-tickets';
import { formatTicketDate } from './support-format';
import { LoadFailure } from '../../../components/ui/load-failure';

type Props = {
  tickets: ReturnType<typeof useTickets>;
  selectedId: string | null;
  onSelect: (ticketId: string) => void;
};

/** Spec §2: "Your Tickets (count)", each with its subject, status badge and creation date; "No tickets yet" when none. */
export function TicketList({ tickets, selectedId, onSelect }: Props) {
  const count = tickets.data?.length;

  let body;
  if (tickets.isPending) body = <LoadingText />;
  else if (tickets.isError && !tickets.data)
    body = (
      <LoadFailure title="Failed to load your tickets" query={tickets} />
    );
  else if (tickets.data.length === 0) body = <p className="support-empty muted">No tickets yet</p>;
  else
    body = (
      <ul className="ticket-list" aria-label="Your tickets">
        {tickets.data.map((ticket) => (
          <li key={ticket.id}>
            <TicketRow ticket={ticket} selected={ticket.id === selectedId} onSelect={() => onSelect(ticket.id)} />
          </li>
        ))}
      </ul>
    );

  return (
    <Card className="support-panel ticket-list-panel">
      <h2 className="support-panel-title">{count === undefined ? 'Your Tickets' : `Your Tickets (${count})`}</h2>
      {body}
    </Card>
  );
}

function TicketRow({ ticket, selected, onSelect }: { ticket: MemberTicketDto; selected: boolean; onSelect: () => void }) {
  return (
    <button type="button" className={`ticket-row${selected ? ' is-selected' : ''}`} aria-current={selected || undefined} onClick={onSelect} data-testid="ticket-row">
      <span className="ticket-row-top">
        <span className="ticket-row-subject">{ticket.subject}</span>
        {ticket.unreadCount > 0 ? (
          <Tag round intent="danger" className="ticket-row-unread" aria-label={ticket.unreadCount === 1 ? '1 new reply' : `${ticket.unreadCount} new replies`}>
            {ticket.unreadCount}
          </Tag>
        ) : null}
      </span>
      <span className="ticket-row-meta">
        <TicketStatusTag status={ticket.status} />
        <span className="muted">{formatTicketDate(ticket.createdAt)}</span>
      </span>
    </button>
  );
}
