import type { StaffTicketDto } from '@contracts/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { staffTicketPath, staffTicketsQueryKey } from './get-staff-tickets';

/** PATCH /api/admin/support-tickets/{id}/read: the staff read mark (beyond the spec): the member's messages so far are read. */
export async function markTicketRead(ticketId: string): Promise<void> {
  await apiRequest<unknown>(`${staffTicketPath(ticketId)}/read`, { method: 'PATCH' });
}

/** The unread marker goes at once; a failed mark is silent (the next open of the ticket tries again). */
export function useMarkTicketRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticketId: string) => markTicketRead(ticketId),
    onSuccess: (_data, ticketId) => {
      queryClient.setQueryData<StaffTicketDto[]>(staffTicketsQueryKey, (tickets) =>
        tickets?.map((ticket) => (ticket.id === ticketId ? { ...ticket, unreadCount: 0 } : ticket)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffTicketsQueryKey }),
  });
}
