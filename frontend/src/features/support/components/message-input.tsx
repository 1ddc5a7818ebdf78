import { Button, TextArea } from '@blueprintjs/core';
import { supportLimits } from '@contracts/support';
import { type KeyboardEvent, useState } from 'react';
import { useSendTicketMessage } from '../api/send-ticket-message';

/**
 * Spec §2/§5: Enter sends, Shift+Enter starts a new line; the message is trimmed and must not be
 * empty. A sent message clears the input; a failed one stays there to be sent again.
 */
export function MessageInput({ ticketId }: { ticketId: string }) {
  const [text, setText] = useState('');
  const send = useSendTicketMessage(ticketId);
  const message = text.trim();

  const submit = () => {
    if (message === '' || send.isPending) return;
    send.mutate(message, { onSuccess: () => setText('') });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  // The keys are a line of their own under the box: a placeholder holding them too was cut on a phone.
  return (
    <form
      className="message-input"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextArea
        aria-label="Your message"
        aria-describedby={`message-keys-${ticketId}`}
        placeholder="Type your message…"
        value={text}
        maxLength={supportLimits.message}
        rows={2}
        autoResize
        fill
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button type="submit" intent="primary" icon="send-message" aria-label="Send" title="Send" loading={send.isPending} disabled={message === ''} />
      <p id={`message-keys-${ticketId}`} className="message-input-keys muted">
        Enter to send, Shift+Enter for a new line
      </p>
    </form>
  );
}
