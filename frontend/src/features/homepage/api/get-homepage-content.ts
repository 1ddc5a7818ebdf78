import type { HomepageContent } from '@contracts/homepage-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keptOnSignOut } from '../../../lib/query-client';

export const homepageContentQueryKey = ['/api', 'homepage-content'] as const;

export async function getHomepageContent({ signal }: { signal?: AbortSignal } = {}): Promise<HomepageContent> {
  // The server validates the content with the shared zod contract when it is saved and sent; the
  // landing page checks only its shape, so its first load carries no schema library.
  const content = await apiRequest<unknown>('/api/homepage-content', { signal });
  const sections = ['hero', 'howItWorks', 'testimonials', 'pricing', 'footer'] as const;
  if (!content || typeof content !== 'object' || sections.some((key) => typeof (content as Record<string, unknown>)[key] !== 'object')) {
    throw new Error('The server answered /api/homepage-content with an unexpected body');
  }
  return content as HomepageContent;
}

/** Spec §9: homepage content stays fresh 5 minutes and is kept 30 minutes. */
export const homepageContentQueryOptions = () =>
  queryOptions({
    queryKey: homepageContentQueryKey,
    queryFn: ({ signal }) => getHomepageContent({ signal }),
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
    ...keptOnSignOut,
  });

export const useHomepageContent = () => useQuery(homepageContentQueryOptions());
