import { type OutboxEmailsResponse, outboxEmailsResponseSchema } from '@contracts/email-templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../../lib/api-client';

export const outboxEmailsQueryKey = ['/api', 'admin', 'emails'] as const;

/** GET /api/admin/emails (admins; beyond the spec): the outbox's recent emails with their delivery state. */
export async function getOutboxEmails({ signal }: { signal?: AbortSignal } = {}): Promise<OutboxEmailsResponse> {
  return parseReady(outboxEmailsResponseSchema, await apiRequest<unknown>('/api/admin/emails', { signal }));
}

/** Polled while the tab is open, so a queued email is seen turning sent or failed. */
export const outboxEmailsQueryOptions = () =>
  queryOptions({ queryKey: outboxEmailsQueryKey, queryFn: ({ signal }) => getOutboxEmails({ signal }), refetchInterval: 15_000, ...notReadyRetry });

export const useOutboxEmails = () => useQuery(outboxEmailsQueryOptions());
