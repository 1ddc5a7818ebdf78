import { type TicketHistoryEntryDto, ticketHistoryEntrySchema } from '@contracts/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, notReadyRetry, parseReady } from '../../../../lib/api-client';
import { STAFF_TICKETS_POLL_MS, staffTicketPath, staffTicketsRootKey } from './get-staff-tickets';

export const ticketHistoryQueryKey = (ticketId: string) => [...staffTicketsRootKey, ticketId, 'history'] as const;

const ticketHistoryResponseSchema = z.array(ticketHistoryEntrySchema);

/** GET /api/admin/support-tickets/{id}/history (beyond the spec): every event of the ticket with its actor, oldest first. */
export async function getTicketHistory(ticketId: string, { signal }: { signal?: AbortSignal } = {}): Promise<TicketHistoryEntryDto[]> {
  return parseReady(ticketHistoryResponseSchema, await apiRequest<unknown>(`${staffTicketPath(ticketId)}/history`, { signal }));
}

export const ticketHistoryQueryOptions = (ticketId: string) =>
  queryOptions({ queryKey: ticketHistoryQueryKey(ticketId), queryFn: ({ signal }) => getTicketHistory(ticketId, { signal }), ...notReadyRetry });

/** Read again as the list is (5 s), so a member's message or a colleague's change joins the timeline. */
export const useTicketHistory = (ticketId: string) => useQuery({ ...ticketHistoryQueryOptions(ticketId), refetchInterval: STAFF_TICKETS_POLL_MS });
