import { type TicketMessageDto, ticketMessageSchema } from '@contracts/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../../lib/api-client';
import { toastError } from '../../../../lib/toaster';
import { staffTicketPath, staffTicketsQueryKey } from './get-staff-tickets';
import { ticketMessagesQueryKey } from './get-ticket-messages';

/** POST /api/admin/support-tickets/{id}/messages {message} (back-office §7): a staff reply; 201 with the message. */
export async function postStaffMessage(ticketId: string, message: string): Promise<TicketMessageDto> {
  const body = await apiRequest<unknown>(`${staffTicketPath(ticketId)}/messages`, { method: 'POST', body: { message } });
  return ticketMessageSchema.parse(body);
}

/** The reply joins the thread at once when the server accepts it; a refusal is 'Failed to send message' (with the server's reason). */
export function usePostStaffMessage(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => postStaffMessage(ticketId, message),
    onSuccess: (posted) => {
      queryClient.setQueryData<TicketMessageDto[]>(ticketMessagesQueryKey(ticketId), (thread) =>
        thread && !thread.some((message) => message.id === posted.id) ? [...thread, posted] : thread,
      );
    },
    onError: (error) => toastError('Failed to send message', error instanceof ApiError ? error.serverMessage : undefined),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketMessagesQueryKey(ticketId) }),
        queryClient.invalidateQueries({ queryKey: staffTicketsQueryKey }),
      ]),
  });
}
