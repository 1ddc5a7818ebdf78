import type { AdminUserDto } from '@contracts/admin-members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { notReadyRetry } from '../../../../lib/api-client';
import { adminUsersRootKey } from '../../lib/query-keys';
import { getAdminUsers } from './get-users';

export const adminMemberQueryKey = (userId: string) => [...adminUsersRootKey, 'member', userId] as const;

/** One member for the user view: GET /api/admin/users?search={id} (the search matches a whole id); null when there is none. */
export async function getAdminMember(userId: string, { signal }: { signal?: AbortSignal } = {}): Promise<AdminUserDto | null> {
  const { users } = await getAdminUsers({ search: userId }, { signal });
  return users.find((user) => user.id === userId) ?? null;
}

export const adminMemberQueryOptions = (userId: string) =>
  queryOptions({ queryKey: adminMemberQueryKey(userId), queryFn: ({ signal }) => getAdminMember(userId, { signal }), ...notReadyRetry });

export const useAdminMember = (userId: string) => useQuery(adminMemberQueryOptions(userId));
