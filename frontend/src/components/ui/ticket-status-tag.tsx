import { Intent, Tag } from '@blueprintjs/core';

/** Member-product §4: pending yellow, in-progress blue, resolved green, any other value grey. */
const intents: Record<string, Intent> = { pending: Intent.WARNING, 'in-progress': Intent.PRIMARY, resolved: Intent.SUCCESS };

export function TicketStatusTag({ status }: { status: string }) {
  return (
    <Tag minimal round intent={intents[status] ?? Intent.NONE} data-status={status}>
      {status}
    </Tag>
  );
}
