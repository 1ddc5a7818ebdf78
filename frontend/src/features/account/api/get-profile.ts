import { type Profile, profileSchema } from '@contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../lib/api-client';

export const profileQueryKey = ['/api', 'user', 'profile'] as const;

/** GET /api/user/profile (spec §7): names, email, country, picture and whether the account signs in with Google. */
export async function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<Profile> {
  return parseReady(profileSchema, await apiRequest<unknown>('/api/user/profile', { signal }));
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile({ signal }), ...notReadyRetry });

export const useProfile = () => useQuery(profileQueryOptions());
