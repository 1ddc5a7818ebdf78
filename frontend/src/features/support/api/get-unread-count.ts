import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const unreadCountQueryKey = ['/api', 'support', 'unread-count'] as const;

/** Unread support replies; any failure (network, a server restarting) reads as 0 rather than an error badge. */
export async function getUnreadCount({ signal }: { signal?: AbortSignal } = {}): Promise<number> {
  try {
    const body = await apiRequest<{ count?: unknown }>('/api/support/unread-count', { signal });
    return typeof body?.count === 'number' && body.count > 0 ? body.count : 0;
  } catch {
    return 0;
  }
}

/** Spec §7/§9: only when signed in, every 10 s. */
export const unreadCountQueryOptions = (signedIn: boolean) =>
  queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }) => getUnreadCount({ signal }),
    enabled: signedIn,
    refetchInterval: signedIn ? 10_000 : false,
  });

export const useUnreadCount = (enabled: boolean) => useQuery(unreadCountQueryOptions(enabled));
