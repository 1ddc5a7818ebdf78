import { useQuery, useQueryClient } from '@tanstack/react-query';
import { threadQueryOptions, useLoadEarlierMessages } from '../../../../lib/ticket-thread';
import { staffTicketPath, staffTicketsRootKey } from './get-staff-tickets';

export const ticketMessagesQueryKey = (ticketId: string) => [...staffTicketsRootKey, ticketId, 'messages'] as const;

/** GET /api/admin/support-tickets/{id}/messages (back-office §7): the ticket's thread, a page at a time. */
const messagesPath = (ticketId: string) => `${staffTicketPath(ticketId)}/messages`;

/** Back-office §9: the open ticket's messages are polled every 3 s. */
export const TICKET_MESSAGES_POLL_MS = 3_000;

/** The open ticket's thread: the latest page, then each poll asks only for the newer messages and appends them. */
export function useTicketMessages(ticketId: string) {
  const queryClient = useQueryClient();
  return useQuery({ ...threadQueryOptions(queryClient, ticketMessagesQueryKey(ticketId), messagesPath(ticketId)), refetchInterval: TICKET_MESSAGES_POLL_MS });
}

/** "Load earlier messages" of the open ticket. */
export const useLoadEarlierTicketMessages = (ticketId: string) => useLoadEarlierMessages(ticketMessagesQueryKey(ticketId), messagesPath(ticketId));
