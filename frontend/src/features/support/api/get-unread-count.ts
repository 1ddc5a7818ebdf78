import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const unreadCountQueryKey = ['/api', 'support', 'unread-count'] as const;

/** Unread support replies; any failure (support not deployed yet, network) reads as 0 rather than an error badge. */
export async function getUnreadCount({ signal }: { signal?: AbortSignal } = {}): Promise<number> {
  try {
    const body = await apiRequest<{ count?: unknown }>('/api/support/unread-count', { signal });
    return typeof body?.count === 'number' && body.count > 0 ? body.count : 0;
  } catch {
    return 0;
  }
}

/**
 * Whether the server has support tickets yet. It does not (support is its own issue): until it
 * does, the badge asks nothing rather than polling an endpoint that answers 404 every 10 s.
 */
export const supportAvailable = false;

/** Spec §7/§9: only when signed in (and support exists), every 10 s. */
export const unreadCountQueryOptions = (signedIn: boolean) => {
  const enabled = signedIn && supportAvailable;
  return queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }) => getUnreadCount({ signal }),
    enabled,
    refetchInterval: enabled ? 10_000 : false,
  });
};

export const useUnreadCount = (enabled: boolean) => useQuery(unreadCountQueryOptions(enabled));
