import { type CreditStatementResponse, creditStatementResponseSchema } from '@contracts/credits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../lib/api-client';
import { changesWithCredits } from '../../../lib/query-client';

export const creditStatementQueryKey = ['/api', 'credits', 'statement'] as const;

/** GET /api/credits/statement: every grant, spend, refund and reset of the member's ledger, newest first. */
export async function getCreditStatement({ signal }: { signal?: AbortSignal } = {}): Promise<CreditStatementResponse> {
  return parseReady(creditStatementResponseSchema, await apiRequest<unknown>('/api/credits/statement', { signal }));
}

export const creditStatementQueryOptions = () =>
  queryOptions({
    queryKey: creditStatementQueryKey,
    queryFn: ({ signal }) => getCreditStatement({ signal }),
    ...notReadyRetry,
    ...changesWithCredits,
  });

export const useCreditStatement = () => useQuery(creditStatementQueryOptions());
