import { type HomepageContent, homepageContentSchema } from '@contracts/homepage-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const homepageContentQueryKey = ['/api', 'homepage-content'] as const;

export async function getHomepageContent({ signal }: { signal?: AbortSignal } = {}): Promise<HomepageContent> {
  return homepageContentSchema.parse(await apiRequest<unknown>('/api/homepage-content', { signal }));
}

/** Spec §9: homepage content stays fresh 5 minutes and is kept 30 minutes. */
export const homepageContentQueryOptions = () =>
  queryOptions({
    queryKey: homepageContentQueryKey,
    queryFn: ({ signal }) => getHomepageContent({ signal }),
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
  });

export const useHomepageContent = () => useQuery(homepageContentQueryOptions());
