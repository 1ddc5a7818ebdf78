import './support-screen.css';
import { Button, NonIdealState } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { LoadingText } from '../../../components/ui/loading-text';
import { RouterButton } from '../../../components/ui/router-button';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useTickets } from '../api/get-tickets';
import { CreateTicketDialog } from './create-ticket-dialog';
import { TicketConversation } from './ticket-conversation';
import { TicketList } from './ticket-list';

/** /support (spec §2): a visitor is asked to sign in; a member sees their tickets and the chat. */
export function SupportScreen() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingText />;
  if (!user) {
    return (
      <div className="page">
        <NonIdealState
          icon="lock"
          title="Sign in to continue"
          description="Please sign in to access support and chat with our team."
          action={<RouterButton to="/auth?tab=signin&redirect=%2Fsupport" intent="primary" text="Sign In" />}
        />
      </div>
    );
  }
  return <MemberSupport />;
}

function MemberSupport() {
  const tickets = useTickets();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  // Spec §2: the first ticket is selected once the list is there and the member chose none.
  // A chosen ticket that has gone (deleted by staff) gives way to the first again.
  const chosen = tickets.data?.find((ticket) => ticket.id === chosenId);
  const selected = chosen ?? tickets.data?.[0];
  const selectedId = selected?.id ?? null;
  // On a phone the conversation sits below the list: choosing a ticket brings it into view.
  const pane = useRef<HTMLDivElement>(null);
  const choose = (ticketId: string) => {
    setChosenId(ticketId);
    if (window.matchMedia?.('(max-width: 760px)').matches) pane.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="page support-page">
      <div className="support-header">
        <h1 className="page-title">Support</h1>
        <Button intent="primary" icon="plus" text="New Ticket" onClick={() => setCreating(true)} />
      </div>
      <div className="support-layout">
        <TicketList tickets={tickets} selectedId={selectedId} onSelect={choose} />
        <div ref={pane} className="support-pane">
          <TicketConversation key={selected?.id} ticket={selected} />
        </div>
      </div>
      <CreateTicketDialog
        isOpen={creating}
        onClose={() => setCreating(false)}
        onCreated={(ticketId) => {
          setChosenId(ticketId);
          setCreating(false);
        }}
      />
    </div>
  );
}
