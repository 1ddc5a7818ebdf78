import type { TicketMessageDto } from '@contracts/support';
import { useEffect, useRef } from 'react';
import { LoadingText } from '../../../../components/ui/loading-text';
import { useTicketMessages } from '../api/get-ticket-messages';
import { errorText, formatDateTime } from './support-format';
import { LoadFailure } from '../../../../components/ui/load-failure';

const senderLabel: Record<TicketMessageDto['senderType'], string> = { admin: 'Admin', user: 'User' };

/** Back-office §2: the thread, admin messages left and the member's right, each labelled Admin or User; polled every 3 s. */
export function MessageThread({ ticketId }: { ticketId: string }) {
  const messages = useTicketMessages(ticketId);
  const thread = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;

  // The newest message stays in view as replies arrive (the thread scrolls, not the page).
  useEffect(() => {
    const box = thread.current;
    if (box && count > 0) box.scrollTop = box.scrollHeight;
  }, [count]);

  if (messages.isPending) return <LoadingText />;
  if (messages.isError)
    return (
      <LoadFailure title="Failed to load messages" description={errorText(messages.error)} query={messages} primary={false} />
    );
  if (messages.data.length === 0) return <p className="ticket-thread-empty">No messages yet</p>;
  return (
    <div className="ticket-thread" ref={thread}>
      <ol className="ticket-thread-messages" aria-label="Messages">
        {messages.data.map((message) => (
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
