import { Button, Tag } from '@blueprintjs/core';
import { LoadingText } from '../../../../components/ui/loading-text';
import { useTicketHistory } from '../api/get-ticket-history';
import { formatDateTime } from './support-format';

/** Beyond the spec: every step of the ticket, oldest first, with who did it (name and role), when, and what changed. */
export function TicketHistory({ ticketId }: { ticketId: string }) {
  const history = useTicketHistory(ticketId);
  let body;
  if (history.isPending) body = <LoadingText />;
  else if (history.isError)
    body = (
      <div className="support-side-error">
        <p>Failed to load the history</p>
        <Button size="small" icon="refresh" text="Retry" loading={history.isFetching} onClick={() => void history.refetch()} />
      </div>
    );
  else if (history.data.length === 0) body = <p className="support-side-empty">No history yet</p>;
  else
    body = (
      <ol className="ticket-history" aria-label="History">
        {history.data.map((entry, index) => (
          <li key={`${entry.at}-${index}`} className="ticket-history-entry">
            <div className="ticket-history-who">
              <strong>{entry.actor.name}</strong>
              {entry.actor.role ? (
                <Tag minimal round>
                  {entry.actor.role}
                </Tag>
              ) : null}
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </div>
            <div className="ticket-history-summary">{entry.summary}</div>
          </li>
        ))}
      </ol>
    );
  return (
    <section className="support-side-card" aria-labelledby={`history-${ticketId}`}>
      <h3 id={`history-${ticketId}`}>History</h3>
      {body}
    </section>
  );
}
