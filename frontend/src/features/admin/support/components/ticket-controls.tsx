import { Button, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { type StaffTicketDto, type TicketPriority, ticketPriorities, type TicketStatus, ticketStatuses, type TicketTag, ticketTags } from '@contracts/support';
import { useUpdateTicket } from '../api/update-ticket';

/** The whole tag set after one toggle, in the contract's order. */
export const toggledTags = (tags: readonly TicketTag[], tag: TicketTag): TicketTag[] =>
  ticketTags.filter((candidate) => (candidate === tag ? !tags.includes(tag) : tags.includes(candidate)));

/** Back-office §2 and §4: the status select, the priority select and the tag toggles of the open ticket. */
export function TicketControls({ ticket }: { ticket: StaffTicketDto }) {
  const update = useUpdateTicket(ticket.id);
  const statusId = `ticket-status-${ticket.id}`;
  const priorityId = `ticket-priority-${ticket.id}`;
  return (
    <div className="ticket-controls">
      <FormGroup label="Status" labelFor={statusId} className="ticket-control">
        <HTMLSelect
          id={statusId}
          value={ticket.status}
          options={[...ticketStatuses]}
          onChange={(event) => update.mutate({ status: event.currentTarget.value as TicketStatus })}
        />
      </FormGroup>
      <FormGroup label="Priority" labelFor={priorityId} className="ticket-control">
        <HTMLSelect
          id={priorityId}
          value={ticket.priority}
          options={[...ticketPriorities]}
          onChange={(event) => update.mutate({ priority: event.currentTarget.value as TicketPriority })}
        />
      </FormGroup>
      <div className="ticket-control" role="group" aria-label="Tags">
        <span className="ticket-control-label">Tags</span>
        <div className="ticket-tags">
          {ticketTags.map((tag) => {
            const on = ticket.tags.includes(tag);
            return (
              <Button
                key={tag}
                size="small"
                variant={on ? 'solid' : 'outlined'}
                intent={on ? 'primary' : 'none'}
                icon={on ? 'tick' : 'tag'}
                text={tag}
                aria-pressed={on}
                onClick={() => update.mutate({ tags: toggledTags(ticket.tags, tag) })}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
