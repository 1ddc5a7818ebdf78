import { type AdminStatsDto, adminStatsSchema, type statsModes } from '@contracts/admin-stats';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../../lib/api-client';

export type StatsMode = (typeof statsModes)[number];

/** The root of the Dashboard tab's queries: invalidating it refreshes the figures and the API cost. */
export const adminStatsRootKey = ['/api', 'admin', 'stats'] as const;
export const adminStatsQueryKey = (mode: StatsMode) => [...adminStatsRootKey, mode] as const;

/** GET /api/admin/stats?mode= (back-office §7): the platform figures, revenue counting all, live or test payments. */
export async function getAdminStats(mode: StatsMode, { signal }: { signal?: AbortSignal } = {}): Promise<AdminStatsDto> {
  return parseReady(adminStatsSchema, await apiRequest<unknown>(`/api/admin/stats?mode=${mode}`, { signal }));
}

/** The figures of a mode; while another mode loads, the cards keep the previous ones. */
export const useAdminStats = (mode: StatsMode) =>
  useQuery({
    ...queryOptions({ queryKey: adminStatsQueryKey(mode), queryFn: ({ signal }) => getAdminStats(mode, { signal }), ...notReadyRetry }),
    placeholderData: keepPreviousData,
  });
