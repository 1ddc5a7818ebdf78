import type { TicketMessageDto } from '@contracts/support';
import { useEffect, useRef } from 'react';
import { LoadingText } from '../../../../components/ui/loading-text';
import { Button } from '@blueprintjs/core';
import { useLoadEarlierTicketMessages, useTicketMessages } from '../api/get-ticket-messages';
import { errorText, formatDateTime } from './support-format';
import { LoadFailure } from '../../../../components/ui/load-failure';

const senderLabel: Record<TicketMessageDto['senderType'], string> = { admin: 'Admin', user: 'User' };

/** Back-office §2: the thread, admin messages left and the member's right, each labelled Admin or User; polled every 3 s. */
export function MessageThread({ ticketId }: { ticketId: string }) {
  const messages = useTicketMessages(ticketId);
  const earlier = useLoadEarlierTicketMessages(ticketId);
  const thread = useRef<HTMLDivElement>(null);
  const newest = messages.data?.messages.at(-1)?.id;

  // The newest message stays in view as replies arrive, not when earlier ones are put in front (the thread scrolls, not the page).
  useEffect(() => {
    const box = thread.current;
    if (box && newest) box.scrollTop = box.scrollHeight;
  }, [newest]);

  if (messages.isPending) return <LoadingText />;
  if (messages.isError)
    return (
      <LoadFailure title="Failed to load messages" description={errorText(messages.error)} query={messages} primary={false} />
    );
  const { messages: held, earlierCursor } = messages.data;
  if (held.length === 0) return <p className="ticket-thread-empty">No messages yet</p>;
  return (
    <div className="ticket-thread" ref={thread}>
      {earlierCursor !== null && (
        <Button className="load-earlier" variant="minimal" size="small" loading={earlier.isPending} onClick={() => earlier.mutate(earlierCursor)}>
          Load earlier messages
        </Button>
      )}
      <ol className="ticket-thread-messages" aria-label="Messages">
        {held.map((message) => (
          <li key={message.id} className={`ticket-message ticket-message--${message.senderType}`} data-sender={message.senderType}>
            <span className="ticket-message-label">{senderLabel[message.senderType]}</span>
            <div className="ticket-message-bubble">{message.message}</div>
            <time className="ticket-message-time" dateTime={message.createdAt}>
              {formatDateTime(message.createdAt)}
            </time>
          </li>
        ))}
      </ol>
    </div>
  );
}
