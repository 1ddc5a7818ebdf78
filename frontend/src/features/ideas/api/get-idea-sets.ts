import { IDEA_SETS_PAGE_MAX, type IdeaSet, ideaSetSchema } from '@contracts/ideas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const ideaSetsQueryKey = ['/api', 'idea-sets'] as const;

/** The member's idea sets, newest first (spec §7): the server pages the list; this reads its largest first page. */
export async function getIdeaSets({ signal }: { signal?: AbortSignal } = {}): Promise<IdeaSet[]> {
  return z.array(ideaSetSchema).parse(await apiRequest<unknown>(`/api/idea-sets?limit=${IDEA_SETS_PAGE_MAX}`, { signal }));
}

export const ideaSetsQueryOptions = () => queryOptions({ queryKey: ideaSetsQueryKey, queryFn: ({ signal }) => getIdeaSets({ signal }) });

/** Spec §9: the dashboard polls the idea sets every 10 s. */
export const useIdeaSets = ({ poll = false }: { poll?: boolean } = {}) =>
  useQuery({ ...ideaSetsQueryOptions(), refetchInterval: poll ? 10_000 : false });
