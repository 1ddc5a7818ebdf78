import { Intent, Tag } from '@blueprintjs/core';
import './ticket-status-tag.css';

/**
 * Member-product §4: pending yellow, in-progress blue, resolved green, any other value grey.
 * Blueprint's warning intent is orange, so pending has its own yellow (Blueprint's gold).
 */
const intents: Record<string, Intent> = { 'in-progress': Intent.PRIMARY, resolved: Intent.SUCCESS };

export function TicketStatusTag({ status }: { status: string }) {
  return (
    <Tag minimal round intent={intents[status] ?? Intent.NONE} className={status === 'pending' ? 'ticket-status-pending' : undefined} data-status={status}>
      {status}
    </Tag>
  );
}
