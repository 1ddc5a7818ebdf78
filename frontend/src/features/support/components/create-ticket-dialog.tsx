import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { type CreateTicketRequest, createTicketRequestSchema, missingTicketFieldsMessage, supportLimits } from '@contracts/support';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldErrors, useForm } from 'react-hook-form';
import { toastError } from '../../../lib/toaster';
import { useCreateTicket } from '../api/create-ticket';

type Props = { isOpen: boolean; onClose: () => void; onCreated: (ticketId: string) => void };

/** The first refusal in form order: the spec's "Missing fields" toast, or a too-long field's own wording. */
function toastInvalid(errors: FieldErrors<CreateTicketRequest>) {
  const message = errors.subject?.message ?? errors.message?.message;
  if (!message || message === missingTicketFieldsMessage) toastError('Missing fields', 'Please fill in both subject and message.');
  else toastError(message);
}

/**
 * Spec §2/§5/§8: "Create Support Ticket" with Subject and Message, both trimmed and required. Creating
 * selects the new ticket and closes the dialog; a failure keeps what was typed.
 */
export function CreateTicketDialog({ isOpen, onClose, onCreated }: Props) {
  const form = useForm<CreateTicketRequest>({
    resolver: zodResolver(createTicketRequestSchema),
    defaultValues: { subject: '', message: '' },
  });
  const create = useCreateTicket({
    onCreated: (ticketId) => {
      form.reset();
      onCreated(ticketId);
    },
  });
  const { ref: subjectRef, ...subject } = form.register('subject');
  const { ref: messageRef, ...message } = form.register('message');
  const busy = create.isPending;

  const onSubmit = form.handleSubmit((values) => create.mutateAsync(values).catch(() => undefined), toastInvalid);

  return (
    <Dialog isOpen={isOpen} onClose={busy ? undefined : onClose} title="Create Support Ticket" icon="help" className="create-ticket-dialog">
      <form onSubmit={onSubmit} noValidate aria-label="Create Support Ticket">
        <DialogBody>
          <FormGroup label="Subject" labelFor="ticket-subject">
            <InputGroup
              id="ticket-subject"
              inputRef={subjectRef}
              placeholder="What do you need help with?"
              maxLength={supportLimits.subject}
              autoFocus
              {...subject}
            />
          </FormGroup>
          <FormGroup label="Message" labelFor="ticket-message">
            <TextArea
              id="ticket-message"
              inputRef={messageRef}
              placeholder="Tell us more so we can help"
              maxLength={supportLimits.message}
              rows={5}
              fill
              {...message}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={busy} />
              <Button type="submit" intent="primary" text="Create Ticket" loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
