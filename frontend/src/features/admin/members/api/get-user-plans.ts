import { adminPlansResponseSchema } from '@contracts/admin-members';
import type { PlanDto } from '@contracts/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../../lib/api-client';
import { adminUsersRootKey } from '../../lib/query-keys';
import { adminUserPath } from './get-users';

export const adminUserPlansQueryKey = (userId: string) => [...adminUsersRootKey, userId, 'plans'] as const;

/** GET /api/admin/users/{id}/plans (back-office §7): the member's plans, newest first, with milestones, tasks and help answers. */
export async function getAdminUserPlans(userId: string, { signal }: { signal?: AbortSignal } = {}): Promise<PlanDto[]> {
  return parseReady(adminPlansResponseSchema, await apiRequest<unknown>(`${adminUserPath(userId)}/plans`, { signal }));
}

export const useAdminUserPlans = (userId: string) =>
  useQuery(queryOptions({ queryKey: adminUserPlansQueryKey(userId), queryFn: ({ signal }) => getAdminUserPlans(userId, { signal }), ...notReadyRetry }));
