import './support-desk.css';
import { NonIdealState } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { LoadingText } from '../../../../components/ui/loading-text';
import { useAuth } from '../../../../lib/auth/auth-provider';
import { isAdmin } from '../../../../lib/auth/roles';
import { useStaffTickets } from '../api/get-staff-tickets';
import { ContactMessagesPanel } from './contact-messages-panel';
import { errorText } from './support-format';
import { TicketConversation } from './ticket-conversation';
import { TicketList } from './ticket-list';
import { LoadFailure } from '../../../../components/ui/load-failure';

/** Where the panels stack (support-desk.css). */
const stackedLayout = '(max-width: 760px)';

/**
 * The staff support desk (back-office §2 Support tab): the tickets on the left (polled every 5 s),
 * the open ticket's conversation on the right. Works on its own: the admin dashboard's Support tab
 * and a moderator's support page both show it. The panels stack on a narrow screen. The contact
 * form's messages below it are admin-only (their call answers a moderator 403), so only an admin
 * sees that section.
 */
export function SupportDesk() {
  const { user } = useAuth();
  const tickets = useStaffTickets();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const detail = useRef<HTMLElement>(null);

  const select = (ticketId: string) => {
    setSelectedId(ticketId);
    // On a phone the conversation sits below the list: bring it into view.
    if (window.matchMedia?.(stackedLayout).matches) detail.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  if (tickets.isPending) return <LoadingText />;
  if (tickets.isError)
    return (
      <LoadFailure title="Failed to load support tickets" description={errorText(tickets.error)} query={tickets} />
    );

  // A ticket deleted meanwhile (here or by a colleague) is no longer open.
  const selected = tickets.data.find((ticket) => ticket.id === selectedId);

  return (
    <div className={`support-desk${selected ? ' has-selection' : ''}`}>
      <section className="support-desk-list" aria-label="Tickets">
        {tickets.data.length === 0 ? (
          <NonIdealState icon="inbox" title="No support tickets yet" />
        ) : (
          <TicketList tickets={tickets.data} selectedId={selected?.id ?? null} onSelect={select} />
        )}
      </section>
      <section ref={detail} className="support-desk-detail" aria-label="Conversation">
        {selected ? (
          <TicketConversation
            key={selected.id}
            ticket={selected}
            onDeleted={(ticketId) => setSelectedId((current) => (current === ticketId ? null : current))}
          />
        ) : (
          <NonIdealState icon="chat" title="Select a ticket to view conversation" />
        )}
      </section>
      {isAdmin(user) && <ContactMessagesPanel />}
    </div>
  );
}

export default SupportDesk;
