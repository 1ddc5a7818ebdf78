import { type AccountActivityResponse, accountActivityResponseSchema } from '@contracts/account-activity';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, parseReady } from '../../../lib/api-client';

export const accountActivityQueryKey = ['/api', 'user', 'activity'] as const;

/** GET /api/user/activity?page=N (issue 52): one page of the member's own account activity, newest first. */
export async function getAccountActivity(page: number, { signal }: { signal?: AbortSignal } = {}): Promise<AccountActivityResponse> {
  return parseReady(accountActivityResponseSchema, await apiRequest<unknown>(`/api/user/activity?page=${page}`, { signal }));
}

/** The pages read so far; the next one while older lines follow. */
export const useAccountActivity = () =>
  useInfiniteQuery({
    queryKey: accountActivityQueryKey,
    queryFn: ({ pageParam, signal }) => getAccountActivity(pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
