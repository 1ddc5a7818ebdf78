import { type TicketMessageDto, ticketMessageSchema } from '@contracts/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseSaved } from '../../../../lib/api-client';
import { useAttemptKey } from '../../../../lib/attempt-key';
import { toastError } from '../../../../lib/toaster';
import { failure } from '../../lib/failure';
import { staffTicketPath, staffTicketsRootKey } from './get-staff-tickets';

/** POST /api/admin/support-tickets/{id}/messages {message} (back-office §7): a staff reply; 201 with the message. */
export async function postStaffMessage(ticketId: string, message: string, idempotencyKey?: string): Promise<TicketMessageDto | null> {
  const body = await apiRequest<unknown>(`${staffTicketPath(ticketId)}/messages`, { method: 'POST', body: { message }, idempotencyKey });
  return parseSaved(ticketMessageSchema, body);
}

/**
 * The reply joins the thread with the read that follows it; a refusal is the toast 'Error' with
 * 'Failed to send message' and the server's reason (back-office §8). Sending the same text again
 * after a failure reuses its Idempotency-Key, so the member never gets a reply (or its email) twice.
 */
export function usePostStaffMessage(ticketId: string) {
  const queryClient = useQueryClient();
  const attempt = useAttemptKey();
  return useMutation({
    mutationFn: (message: string) => postStaffMessage(ticketId, message, attempt.keyFor(`${ticketId}\n${message}`)),
    onSuccess: () => attempt.done(),
    onError: (error) => toastError('Error', failure('Failed to send message', error)),
    // The thread (what is newer than the last message held: the reply, and any member message
    // recorded before it that the polls have not brought yet), the list and the history are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffTicketsRootKey }),
  });
}
