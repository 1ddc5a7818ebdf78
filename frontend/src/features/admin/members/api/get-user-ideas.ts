import { type AdminIdeaSetDto, adminIdeaSetsResponseSchema } from '@contracts/admin-members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../../lib/api-client';
import { adminUsersRootKey } from '../../lib/query-keys';
import { adminUserPath } from './get-users';

export const adminUserIdeasQueryKey = (userId: string) => [...adminUsersRootKey, userId, 'ideas'] as const;

/** GET /api/admin/users/{id}/ideas (back-office §7): the member's idea sets, newest first. */
export async function getAdminUserIdeas(userId: string, { signal }: { signal?: AbortSignal } = {}): Promise<AdminIdeaSetDto[]> {
  return parseReady(adminIdeaSetsResponseSchema, await apiRequest<unknown>(`${adminUserPath(userId)}/ideas`, { signal }));
}

export const useAdminUserIdeas = (userId: string) =>
  useQuery(queryOptions({ queryKey: adminUserIdeasQueryKey(userId), queryFn: ({ signal }) => getAdminUserIdeas(userId, { signal }), ...notReadyRetry }));
