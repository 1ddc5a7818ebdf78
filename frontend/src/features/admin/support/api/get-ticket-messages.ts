import { type TicketMessageDto, ticketMessageSchema } from '@contracts/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, notReadyRetry, parseReady } from '../../../../lib/api-client';
import { staffTicketPath, staffTicketsRootKey } from './get-staff-tickets';

export const ticketMessagesQueryKey = (ticketId: string) => [...staffTicketsRootKey, ticketId, 'messages'] as const;

const ticketMessagesResponseSchema = z.array(ticketMessageSchema);

/** GET /api/admin/support-tickets/{id}/messages (back-office §7): the ticket's thread, oldest first. */
export async function getTicketMessages(ticketId: string, { signal }: { signal?: AbortSignal } = {}): Promise<TicketMessageDto[]> {
  return parseReady(ticketMessagesResponseSchema, await apiRequest<unknown>(`${staffTicketPath(ticketId)}/messages`, { signal }));
}

export const ticketMessagesQueryOptions = (ticketId: string) =>
  queryOptions({ queryKey: ticketMessagesQueryKey(ticketId), queryFn: ({ signal }) => getTicketMessages(ticketId, { signal }), ...notReadyRetry });

/** Back-office §9: the open ticket's messages are polled every 3 s. */
export const TICKET_MESSAGES_POLL_MS = 3_000;

export const useTicketMessages = (ticketId: string) =>
  useQuery({ ...ticketMessagesQueryOptions(ticketId), refetchInterval: TICKET_MESSAGES_POLL_MS });
