import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { threadQueryOptions, useLoadEarlierMessages } from '../../../lib/ticket-thread';
import { ticketsQueryKey } from './get-tickets';

/** Under the tickets' key, so refreshing the list refreshes the open conversation too. */
export const ticketMessagesQueryKey = (ticketId: string) => [...ticketsQueryKey, ticketId, 'messages'] as const;

/** GET /api/support/tickets/{id}/messages (spec §7): the conversation, a page at a time. A failure throws its status and text (§8). */
const messagesPath = (ticketId: string) => `/api/support/tickets/${encodeURIComponent(ticketId)}/messages`;

/** Spec §7/§9: polled every 3 s while a ticket is selected (each poll asks only for newer messages); nothing is asked without one. */
export function useTicketMessages(ticketId: string | null) {
  const queryClient = useQueryClient();
  return useQuery(
    ticketId === null
      ? { queryKey: ['/api', 'support', 'tickets', 'none', 'messages'], queryFn: skipToken }
      : { ...threadQueryOptions(queryClient, ticketMessagesQueryKey(ticketId), messagesPath(ticketId)), refetchInterval: 3_000 },
  );
}

/** "Load earlier messages" of the member's ticket. */
export const useLoadEarlierTicketMessages = (ticketId: string) => useLoadEarlierMessages(ticketMessagesQueryKey(ticketId), messagesPath(ticketId));
