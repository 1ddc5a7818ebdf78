import './contact-messages-panel.css';
import { Button, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { contactMessagesResponseSchema, type ContactMessagesPage } from '@contracts/contact';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { apiRequest } from '../../../../lib/api-client';

export const contactMessagesQueryKey = (page: number) => ['/api', 'admin', 'contact-messages', page] as const;

async function getContactMessages(page: number, signal?: AbortSignal): Promise<ContactMessagesPage> {
  return contactMessagesResponseSchema.parse(await apiRequest<unknown>(`/api/admin/contact-messages?page=${page}`, { signal }));
}

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Messages sent from /contact, newest first, a page at a time (admin Support tab). */
export function ContactMessagesPanel() {
  const [page, setPage] = useState(1);
  const messages = useQuery({
    queryKey: contactMessagesQueryKey(page),
    queryFn: ({ signal }) => getContactMessages(page, signal),
    placeholderData: keepPreviousData,
  });
  const pages = messages.data ? Math.max(1, Math.ceil(messages.data.total / messages.data.pageSize)) : 1;
  return (
    <section className="contact-messages" aria-labelledby="contact-messages-title">
      <h2 id="contact-messages-title">Contact messages</h2>
      {messages.isPending ? (
        <Spinner size={24} aria-label="Loading..." />
      ) : messages.isError ? (
        <LoadFailure title="Failed to load contact messages" query={messages} primary={false} />
      ) : messages.data.messages.length === 0 ? (
        <NonIdealState icon="envelope" title="No contact messages yet" />
      ) : (
        <>
          <ul className="contact-messages-list">
            {messages.data.messages.map((m) => (
              <li key={m.id}>
                <Card compact>
                  <strong>{m.subject}</strong>
                  <div className="contact-message-from">
                    {m.name} · <a href={`mailto:${m.email}`}>{m.email}</a> · {when(m.createdAt)}
                  </div>
                  <p className="contact-message-text">{m.message}</p>
                </Card>
              </li>
            ))}
          </ul>
          <div className="contact-messages-pager">
            <Button icon="chevron-left" text="Newer" disabled={page === 1} onClick={() => setPage((p) => p - 1)} />
            <span>
              Page {page} of {pages}
            </span>
            <Button endIcon="chevron-right" text="Older" disabled={page >= pages} onClick={() => setPage((p) => p + 1)} />
          </div>
        </>
      )}
    </section>
  );
}
