import { type MemberTicketDto, memberTicketSchema } from '@contracts/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, notReadyRetry, parseReady } from '../../../lib/api-client';

/** The root of the member's ticket queries: invalidating it refreshes the list and every open conversation. */
export const ticketsQueryKey = ['/api', 'support', 'tickets'] as const;

const ticketsResponseSchema = z.array(memberTicketSchema);

/** GET /api/support/tickets (spec §7): the member's own tickets, newest first. */
export async function getTickets({ signal }: { signal?: AbortSignal } = {}): Promise<MemberTicketDto[]> {
  return parseReady(ticketsResponseSchema, await apiRequest<unknown>('/api/support/tickets', { signal }));
}

export const ticketsQueryOptions = () =>
  queryOptions({ queryKey: ticketsQueryKey, queryFn: ({ signal }) => getTickets({ signal }), ...notReadyRetry });

/** Spec §7/§9: only when signed in, polled every 5 s. */
export const useTickets = () => useQuery({ ...ticketsQueryOptions(), refetchInterval: 5_000 });
