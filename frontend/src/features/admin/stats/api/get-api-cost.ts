import { type ApiCostDto, type apiCostPeriods, apiCostSchema } from '@contracts/admin-stats';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../../lib/api-client';
import { adminStatsRootKey } from './get-stats';

export type ApiCostPeriod = (typeof apiCostPeriods)[number];

export const apiCostQueryKey = (period: ApiCostPeriod) => [...adminStatsRootKey, 'api-cost', period] as const;

/** GET /api/admin/api-cost?period=all|month (back-office §7): AI usage priced with the configured token costs. */
export async function getApiCost(period: ApiCostPeriod, { signal }: { signal?: AbortSignal } = {}): Promise<ApiCostDto> {
  return parseReady(apiCostSchema, await apiRequest<unknown>(`/api/admin/api-cost?period=${period}`, { signal }));
}

export const useApiCost = (period: ApiCostPeriod) =>
  useQuery({
    ...queryOptions({ queryKey: apiCostQueryKey(period), queryFn: ({ signal }) => getApiCost(period, { signal }), ...notReadyRetry }),
    placeholderData: keepPreviousData,
  });
