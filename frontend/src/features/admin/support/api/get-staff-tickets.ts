import { type StaffTicketDto, staffTicketSchema } from '@contracts/support';
import { queryOptions, useIsMutating, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, notReadyRetry, parseReady } from '../../../../lib/api-client';

/** The root of every staff support query: invalidating it refreshes the list and each ticket's thread, history and member. */
export const staffTicketsRootKey = ['/api', 'admin', 'support-tickets'] as const;
export const staffTicketsQueryKey = [...staffTicketsRootKey, 'list'] as const;

const staffTicketsResponseSchema = z.array(staffTicketSchema);

/** GET /api/admin/support-tickets (back-office §7): every ticket, newest first. */
export async function getStaffTickets({ signal }: { signal?: AbortSignal } = {}): Promise<StaffTicketDto[]> {
  return parseReady(staffTicketsResponseSchema, await apiRequest<unknown>('/api/admin/support-tickets', { signal }));
}

export const staffTicketsQueryOptions = () =>
  queryOptions({ queryKey: staffTicketsQueryKey, queryFn: ({ signal }) => getStaffTickets({ signal }), ...notReadyRetry });

/** Back-office §9: the ticket list is polled every 5 s. */
export const STAFF_TICKETS_POLL_MS = 5_000;

/** The list, polled every 5 s, except while a status, priority or tag change is on its way (update-ticket.ts). */
export function useStaffTickets() {
  const changing = useIsMutating({ mutationKey: ['update-ticket'] }) > 0;
  return useQuery({ ...staffTicketsQueryOptions(), refetchInterval: changing ? false : STAFF_TICKETS_POLL_MS });
}

/** The path of one ticket's staff calls. */
export const staffTicketPath = (ticketId: string) => `/api/admin/support-tickets/${encodeURIComponent(ticketId)}`;
