import { Button, Callout, Card, NonIdealState } from '@blueprintjs/core';
import type { MemberTicketDto, TicketMessageDto } from '@contracts/support';
import { useEffect, useRef } from 'react';
import { LoadingText } from '../../../components/ui/loading-text';
import { TicketStatusTag } from '../../../components/ui/ticket-status-tag';
import { useLoadEarlierTicketMessages, useTicketMessages } from '../api/get-ticket-messages';
import { useMarkTicketRead } from '../api/mark-ticket-read';
import { MessageInput } from './message-input';
import { formatMessageTime, formatTicketDate } from './support-format';
import { LoadFailure } from '../../../components/ui/load-failure';

/** Spec §2: the right pane; "Select a ticket to view the conversation" until one is chosen. */
export function TicketConversation({ ticket }: { ticket: MemberTicketDto | undefined }) {
  if (!ticket) {
    return (
      <Card className="support-panel conversation-panel">
        <NonIdealState icon="chat" description="Select a ticket to view the conversation" />
      </Card>
    );
  }
  // Keyed by ticket: another ticket starts with its own input and read marks.
  return <Conversation key={ticket.id} ticket={ticket} />;
}

function Conversation({ ticket }: { ticket: MemberTicketDto }) {
  const messages = useTicketMessages(ticket.id);
  const earlier = useLoadEarlierTicketMessages(ticket.id);
  const thread = messages.data?.messages;
  useReadMarks(ticket, thread);
  const resolved = ticket.status === 'resolved';
  // The newest message in view as the conversation grows (not when earlier ones are put in front);
  // only the conversation scrolls, not the page.
  const scroller = useRef<HTMLDivElement>(null);
  const newest = thread?.at(-1)?.id;
  useEffect(() => {
    const element = scroller.current;
    if (element && newest) element.scrollTop = element.scrollHeight;
  }, [newest]);
  const cursor = messages.data?.earlierCursor ?? null;

  let body;
  if (messages.isPending) body = <LoadingText />;
  else if (messages.isError && !messages.data)
    body = (
      <LoadFailure title="Failed to load the conversation" query={messages} />
    );
  else if (messages.data.messages.length === 0) body = <p className="support-empty muted">No messages yet</p>;
  else
    body = (
      <>
        {cursor !== null && (
          <Button className="load-earlier" variant="minimal" size="small" loading={earlier.isPending} onClick={() => earlier.mutate(cursor)}>
            Load earlier messages
          </Button>
        )}
        <MessageList messages={messages.data.messages} />
      </>
    );

  return (
    <Card className="support-panel conversation-panel" aria-label="Conversation" role="region">
      <header className="conversation-header">
        <h2 className="support-panel-title conversation-subject">{ticket.subject}</h2>
        <div className="conversation-meta">
          <TicketStatusTag status={ticket.status} />
          <span className="muted">Created {formatTicketDate(ticket.createdAt)}</span>
        </div>
      </header>
      <div className="conversation-body" ref={scroller}>
        {body}
      </div>
      {resolved ? (
        <Callout intent="success" icon="tick-circle" className="conversation-resolved">
          This ticket has been resolved. Create a new ticket if you need further assistance.
        </Callout>
      ) : (
        <MessageInput ticketId={ticket.id} />
      )}
    </Card>
  );
}

function MessageList({ messages }: { messages: TicketMessageDto[] }) {
  return (
    <ol className="message-list" aria-label="Messages">
      {messages.map((message) => {
        const own = message.senderType === 'user';
        return (
          <li key={message.id} className={`message ${own ? 'message-own' : 'message-support'}`} data-sender={message.senderType}>
            <div className="message-bubble">
              <span className="message-author">{own ? 'You' : 'Support team'}</span>
              <p className="message-text">{message.message}</p>
              <time className="message-time" dateTime={message.createdAt}>
                {formatMessageTime(message.createdAt)}
              </time>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * Spec §4/§7: opening a ticket that has messages marks it read, and so does a new support message
 * arriving while it is open; each mark refreshes the unread badge. One mark per state seen.
 */
function useReadMarks(ticket: MemberTicketDto, messages: TicketMessageDto[] | undefined) {
  const { mutate: markRead } = useMarkTicketRead();
  // The newest support message held ('' for none): earlier ones put in front do not change it.
  const latestSupport = messages === undefined ? undefined : (messages.findLast((message) => message.senderType === 'admin')?.id ?? '');
  const seen = useRef<string | null>(null);
  const marked = useRef<string | null>(null);
  const unread = ticket.unreadCount > 0;

  useEffect(() => {
    if (latestSupport === undefined) return;
    const opened = seen.current === null && (messages?.length ?? 0) > 0;
    const arrived = seen.current !== null && latestSupport !== seen.current;
    seen.current = latestSupport;
    if ((opened || unread || arrived) && marked.current !== latestSupport) {
      marked.current = latestSupport;
      markRead(ticket.id);
    }
  }, [ticket.id, unread, latestSupport, messages, markRead]);
}
