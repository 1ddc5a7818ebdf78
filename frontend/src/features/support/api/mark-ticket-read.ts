import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ticketsQueryKey } from './get-tickets';
import { unreadCountQueryKey } from './get-unread-count';

/** PATCH /api/support/tickets/{id}/read (spec §7): the support team's messages on the ticket count as read. */
export async function markTicketRead(ticketId: string): Promise<void> {
  await apiRequest<unknown>(`/api/support/tickets/${encodeURIComponent(ticketId)}/read`, { method: 'PATCH' });
}

/**
 * Spec §4/§7: opening a ticket with unread messages marks it read, and the navigation's unread badge
 * and the list's counts are read again. A failed mark says nothing: the next opening tries again.
 */
export function useMarkTicketRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markTicketRead,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: unreadCountQueryKey }),
        queryClient.invalidateQueries({ queryKey: ticketsQueryKey, exact: true }),
      ]),
  });
}
