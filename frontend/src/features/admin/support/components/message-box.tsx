import { Button, TextArea } from '@blueprintjs/core';
import { supportLimits } from '@contracts/support';
import { type KeyboardEvent, useState } from 'react';
import { usePostStaffMessage } from '../api/post-staff-message';

/** Back-office §2 and §5: a staff reply; Enter sends, Shift+Enter starts a new line; blank text is never sent. */
export function MessageBox({ ticketId }: { ticketId: string }) {
  const [text, setText] = useState('');
  const post = usePostStaffMessage(ticketId);
  const blank = text.trim() === '';

  const send = () => {
    if (blank || post.isPending) return;
    post.mutate(text.trim(), { onSuccess: () => setText('') });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      className="ticket-message-box"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <TextArea
        aria-label="Reply"
        placeholder="Type your reply..."
        value={text}
        maxLength={supportLimits.message}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        fill
        rows={2}
      />
      <Button type="submit" intent="primary" icon="send-message" text="Send" disabled={blank} loading={post.isPending} />
    </form>
  );
}
