import { type TicketMessageDto, ticketMessageSchema } from '@contracts/support';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, notReadyRetry, parseReady } from '../../../lib/api-client';
import { ticketsQueryKey } from './get-tickets';

/** Under the tickets' key, so refreshing the list refreshes the open conversation too. */
export const ticketMessagesQueryKey = (ticketId: string) => [...ticketsQueryKey, ticketId, 'messages'] as const;

const messagesResponseSchema = z.array(ticketMessageSchema);

/** GET /api/support/tickets/{id}/messages (spec §7): the conversation, oldest first. A failure throws its status and text (§8). */
export async function getTicketMessages(ticketId: string, { signal }: { signal?: AbortSignal } = {}): Promise<TicketMessageDto[]> {
  const path = `/api/support/tickets/${encodeURIComponent(ticketId)}/messages`;
  return parseReady(messagesResponseSchema, await apiRequest<unknown>(path, { signal }));
}

export const ticketMessagesQueryOptions = (ticketId: string) =>
  queryOptions({ queryKey: ticketMessagesQueryKey(ticketId), queryFn: ({ signal }) => getTicketMessages(ticketId, { signal }), ...notReadyRetry });

/** Spec §7/§9: polled every 3 s while a ticket is selected; nothing is asked without one. */
export const useTicketMessages = (ticketId: string | null) =>
  useQuery(
    ticketId === null
      ? { queryKey: ['/api', 'support', 'tickets', 'none', 'messages'], queryFn: skipToken }
      : { ...ticketMessagesQueryOptions(ticketId), refetchInterval: 3_000 },
  );
