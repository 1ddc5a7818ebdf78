import { type User, userSchema } from '@contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../api-client';

export const meQueryKey = ['/api', 'auth', 'me'] as const;

/** The signed-in member, or null when the session cookie is missing or expired (401). */
export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  try {
    return userSchema.parse(await apiRequest<unknown>('/api/auth/me', { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Spec §4: the current-user query does not retry and refetches on window focus. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe({ signal }),
    retry: false,
    refetchOnWindowFocus: true,
  });

export const useMe = () => useQuery(meQueryOptions());
