import { type StaffTicketDto, staffTicketSchema, type TicketStatus, type UpdateTicketRequest } from '@contracts/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseSaved } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { failure } from '../../lib/failure';
import { staffTicketPath, staffTicketsQueryKey, staffTicketsRootKey } from './get-staff-tickets';

/** PATCH /api/admin/support-tickets/{id}/status {status} (back-office §4 and §7: the status select's call). */
export async function changeTicketStatus(ticketId: string, status: TicketStatus): Promise<void> {
  await apiRequest<unknown>(`${staffTicketPath(ticketId)}/status`, { method: 'PATCH', body: { status } });
}

/** PATCH /api/admin/support-tickets/{id} {priority?, tags?} (back-office §7); `tags` is the whole set the ticket should carry. */
export async function updateTicket(ticketId: string, change: UpdateTicketRequest): Promise<StaffTicketDto | null> {
  return parseSaved(staffTicketSchema, await apiRequest<unknown>(staffTicketPath(ticketId), { method: 'PATCH', body: change }));
}

/** While a change is on its way the list stops polling, so an older list cannot overwrite what the select or toggle shows. */
export const updateTicketMutationKey = ['update-ticket'] as const;

export type TicketChange = { status: TicketStatus } | Pick<UpdateTicketRequest, 'priority' | 'tags'>;

async function sendChange(ticketId: string, change: TicketChange): Promise<void> {
  if ('status' in change) await changeTicketStatus(ticketId, change.status);
  else await updateTicket(ticketId, change);
}

/**
 * A status, priority or tag change: the select or toggle shows the new value at once; should the
 * server refuse, the ticket goes back to what it was and the toast 'Error' says 'Failed to update
 * ticket' with the server's reason (back-office §8); a saved change shows 'Ticket updated'. The list (and the ticket's history) is read again either way.
 */
export function useUpdateTicket(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateTicketMutationKey,
    mutationFn: (change: TicketChange) => sendChange(ticketId, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: staffTicketsQueryKey, exact: true });
      const before = queryClient.getQueryData<StaffTicketDto[]>(staffTicketsQueryKey);
      if (before) {
        queryClient.setQueryData<StaffTicketDto[]>(
          staffTicketsQueryKey,
          before.map((ticket) => (ticket.id === ticketId ? { ...ticket, ...change } : ticket)),
        );
      }
      return { before };
    },
    onError: (error, _change, context) => {
      if (context?.before) queryClient.setQueryData(staffTicketsQueryKey, context.before);
      toastError('Error', failure('Failed to update ticket', error));
    },
    onSuccess: () => toast({ title: 'Ticket updated', intent: 'success' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffTicketsRootKey }),
  });
}
