import { type PlatformLinkDto, platformLinkListSchema } from '@contracts/platforms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const platformLinksQueryKey = ['/api', 'skilly-urls'] as const;

/** GET /api/skilly-urls (back-office §7 Public): the platform directory. */
export async function getPlatformLinks({ signal }: { signal?: AbortSignal } = {}): Promise<PlatformLinkDto[]> {
  return platformLinkListSchema.parse(await apiRequest<unknown>('/api/skilly-urls', { signal }));
}

export const platformLinksQueryOptions = () =>
  queryOptions({ queryKey: platformLinksQueryKey, queryFn: ({ signal }) => getPlatformLinks({ signal }) });
export const usePlatformLinks = () => useQuery(platformLinksQueryOptions());
