import type { StaffTicketDto } from '@contracts/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { failure } from '../../lib/failure';
import { staffTicketPath, staffTicketsQueryKey } from './get-staff-tickets';

/** DELETE /api/admin/support-tickets/{id} (back-office §7). */
export async function deleteTicket(ticketId: string): Promise<void> {
  await apiRequest<unknown>(staffTicketPath(ticketId), { method: 'DELETE' });
}

/** Deleting leaves the list at once; a refusal is the toast 'Error' with 'Failed to delete ticket' and the server's reason (back-office §8). */
export function useDeleteTicket({ onDeleted }: { onDeleted?: (ticketId: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticketId: string) => deleteTicket(ticketId),
    onSuccess: (_data, ticketId) => {
      queryClient.setQueryData<StaffTicketDto[]>(staffTicketsQueryKey, (tickets) => tickets?.filter((ticket) => ticket.id !== ticketId));
      toast({ title: 'Ticket deleted', intent: 'success' });
      onDeleted?.(ticketId);
    },
    onError: (error) => toastError('Error', failure('Failed to delete ticket', error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffTicketsQueryKey }),
  });
}
