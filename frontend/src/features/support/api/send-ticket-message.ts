import { type PostMessageRequest, postMessageRequestSchema, type TicketMessageDto, ticketMessageSchema } from '@contracts/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseSaved } from '../../../lib/api-client';
import { useAttemptKey } from '../../../lib/attempt-key';
import { toastError } from '../../../lib/toaster';
import { ticketsQueryKey } from './get-tickets';

/**
 * POST /api/support/tickets/{id}/messages (spec §7): the new message, or null when it was saved but
 * the server's read models were still catching up (a resolved ticket answers 409 ticket_resolved).
 */
export async function sendTicketMessage(ticketId: string, body: PostMessageRequest, idempotencyKey?: string): Promise<TicketMessageDto | null> {
  const path = `/api/support/tickets/${encodeURIComponent(ticketId)}/messages`;
  return parseSaved(ticketMessageSchema, await apiRequest<unknown>(path, { method: 'POST', body: postMessageRequestSchema.parse(body), idempotencyKey }));
}

/**
 * Spec §7/§8: a sent message refreshes the conversation and the ticket list; a refusal is the toast
 * "Failed to send message. Please try again." and the list is read again (the ticket may have been
 * resolved meanwhile, which takes the input away). Sending the same text again after a failure
 * reuses its Idempotency-Key, so a message whose answer was lost is not posted twice.
 */
export function useSendTicketMessage(ticketId: string) {
  const queryClient = useQueryClient();
  const attempt = useAttemptKey();
  return useMutation({
    mutationFn: (message: string) => sendTicketMessage(ticketId, { message }, attempt.keyFor(`${ticketId}\n${message}`)),
    onSuccess: () => attempt.done(),
    onError: () => toastError('Failed to send message. Please try again.'),
    // Messages live under the tickets' key: one invalidation reads both again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
}
