import { type PostMessageRequest, postMessageRequestSchema, type TicketMessageDto, ticketMessageSchema } from '@contracts/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toastError } from '../../../lib/toaster';
import { ticketsQueryKey } from './get-tickets';

/** POST /api/support/tickets/{id}/messages (spec §7): the new message (a resolved ticket answers 409 ticket_resolved). */
export async function sendTicketMessage(ticketId: string, body: PostMessageRequest): Promise<TicketMessageDto> {
  const path = `/api/support/tickets/${encodeURIComponent(ticketId)}/messages`;
  return ticketMessageSchema.parse(await apiRequest<unknown>(path, { method: 'POST', body: postMessageRequestSchema.parse(body) }));
}

/**
 * Spec §7/§8: a sent message refreshes the conversation and the ticket list; a refusal is the toast
 * "Failed to send message. Please try again." and the list is read again (the ticket may have been
 * resolved meanwhile, which takes the input away).
 */
export function useSendTicketMessage(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => sendTicketMessage(ticketId, { message }),
    onError: () => toastError('Failed to send message. Please try again.'),
    // Messages live under the tickets' key: one invalidation reads both again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
}
