import type { User } from '@contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../api-client';
import { keptOnSignOut } from '../../query-client';
import { knownToBeSignedOut } from '../session-hint';

export const meQueryKey = ['/api', 'auth', 'me'] as const;

/**
 * The signed-in member, or null when the session cookie is missing or expired (401). Not asked
 * when this tab already knows nobody is signed in (../session-hint.ts).
 */
export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  if (knownToBeSignedOut()) return null;
  try {
    return asUser(await apiRequest<unknown>('/api/auth/me', { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The server answers with its own contract (zod on the server side); every page loads this, so
 * it is checked with a few plain rules rather than the schema library.
 */
function asUser(body: unknown): User {
  const user = body as Partial<User> | null;
  if (!user || typeof user !== 'object' || typeof user.id !== 'string' || typeof user.email !== 'string' || typeof user.role !== 'string') {
    throw new Error('The server answered /api/auth/me with an unexpected body');
  }
  return user as User;
}

/**
 * Spec §4: the current-user query does not retry and refetches on window focus. On a page the
 * server sent without a session it starts as signed out rather than loading.
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe({ signal }),
    initialData: () => (knownToBeSignedOut() ? null : undefined),
    retry: false,
    refetchOnWindowFocus: true,
    ...keptOnSignOut,
  });

export const useMe = () => useQuery(meQueryOptions());
