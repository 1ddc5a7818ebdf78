import { Alert, Button } from '@blueprintjs/core';
import type { StaffTicketDto } from '@contracts/support';
import { useEffect, useState } from 'react';
import { useDeleteTicket } from '../api/delete-ticket';
import { useMarkTicketRead } from '../api/mark-ticket-read';
import { MemberContext } from './member-context';
import { MessageBox } from './message-box';
import { MessageThread } from './message-thread';
import { formatDate, fullName } from './support-format';
import { TicketControls } from './ticket-controls';
import { TicketHistory } from './ticket-history';

/**
 * Back-office §2 Support tab, right: the open ticket (subject, name, mailto email, created date,
 * delete with confirmation, status, priority, tags), its thread and the reply box; beyond the
 * spec, the member's context and the ticket's history beside it.
 */
export function TicketConversation({ ticket, onDeleted }: { ticket: StaffTicketDto; onDeleted: (ticketId: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteTicket({ onDeleted });
  const { mutate: markRead } = useMarkTicketRead();
  const hasUnread = ticket.unreadCount > 0;

  // Opening a ticket with member messages no staff member has read marks them read (and again when more arrive while it is open).
  useEffect(() => {
    if (hasUnread) markRead(ticket.id);
  }, [ticket.id, hasUnread, markRead]);

  return (
    <div className="ticket-conversation">
      <div className="ticket-main">
        <header className="ticket-header">
          <div className="ticket-header-text">
            <h2 className="ticket-subject">{ticket.subject}</h2>
            <div className="ticket-header-meta">
              <span>{fullName(ticket)}</span>
              {ticket.email ? <a href={`mailto:${ticket.email}`}>{ticket.email}</a> : null}
              <time dateTime={ticket.createdAt}>{formatDate(ticket.createdAt)}</time>
            </div>
          </div>
          <Button intent="danger" variant="minimal" icon="trash" text="Delete" loading={remove.isPending} onClick={() => setConfirming(true)} />
        </header>
        <TicketControls ticket={ticket} />
        <MessageThread ticketId={ticket.id} />
        <MessageBox ticketId={ticket.id} />
      </div>
      <aside className="ticket-side" aria-label="Ticket details">
        <MemberContext ticketId={ticket.id} />
        <TicketHistory ticketId={ticket.id} />
      </aside>
      <Alert
        isOpen={confirming}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        canEscapeKeyCancel
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(ticket.id);
        }}
      >
        <p>Delete this ticket?</p>
      </Alert>
    </div>
  );
}
