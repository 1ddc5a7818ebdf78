import { type TicketMemberContextDto, ticketMemberContextSchema } from '@contracts/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../../lib/api-client';
import { staffTicketPath, staffTicketsRootKey } from './get-staff-tickets';

export const ticketMemberQueryKey = (ticketId: string) => [...staffTicketsRootKey, ticketId, 'member'] as const;

/** GET /api/admin/support-tickets/{id}/member (beyond the spec): the member behind the ticket, for context. */
export async function getTicketMember(ticketId: string, { signal }: { signal?: AbortSignal } = {}): Promise<TicketMemberContextDto> {
  return parseReady(ticketMemberContextSchema, await apiRequest<unknown>(`${staffTicketPath(ticketId)}/member`, { signal }));
}

export const ticketMemberQueryOptions = (ticketId: string) =>
  queryOptions({ queryKey: ticketMemberQueryKey(ticketId), queryFn: ({ signal }) => getTicketMember(ticketId, { signal }), ...notReadyRetry });

export const useTicketMember = (ticketId: string) => useQuery(ticketMemberQueryOptions(ticketId));
