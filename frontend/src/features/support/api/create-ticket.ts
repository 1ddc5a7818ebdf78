import { type CreateTicketRequest, createTicketRequestSchema, createTicketResponseSchema } from '@contracts/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toast, toastError } from '../../../lib/toaster';
import { ticketsQueryKey } from './get-tickets';

/** POST /api/support/tickets (spec §7): opens a ticket with its first message; answers the new ticket's id. */
export async function createTicket(body: CreateTicketRequest): Promise<{ id: string }> {
  return createTicketResponseSchema.parse(await apiRequest<unknown>('/api/support/tickets', { method: 'POST', body: createTicketRequestSchema.parse(body) }));
}

/**
 * Spec §8: "Ticket created" / "Your support ticket has been created. We'll respond soon!", or
 * "Failed to create ticket. Please try again.". The list is read again before `onCreated` runs, so
 * the new ticket is there to be selected.
 */
export function useCreateTicket({ onCreated }: { onCreated: (ticketId: string) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: async ({ id }) => {
      await queryClient.invalidateQueries({ queryKey: ticketsQueryKey, exact: true });
      onCreated(id);
      toast({ title: 'Ticket created', description: "Your support ticket has been created. We'll respond soon!", intent: 'success' });
    },
    onError: () => toastError('Failed to create ticket. Please try again.'),
  });
}
