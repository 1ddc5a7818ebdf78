import { type CreditsResponse, creditsResponseSchema } from '@contracts/credits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../lib/api-client';
import { changesWithCredits } from '../../../lib/query-client';

export const creditsQueryKey = ['/api', 'credits'] as const;

/** GET /api/credits: allowances, what was used and granted this period, balances and the reset date. */
export async function getCredits({ signal }: { signal?: AbortSignal } = {}): Promise<CreditsResponse> {
  return parseReady(creditsResponseSchema, await apiRequest<unknown>('/api/credits', { signal }));
}

export const creditsQueryOptions = () =>
  queryOptions({ queryKey: creditsQueryKey, queryFn: ({ signal }) => getCredits({ signal }), ...notReadyRetry, ...changesWithCredits });

export const useCredits = () => useQuery(creditsQueryOptions());
