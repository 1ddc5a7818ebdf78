import { type PlanDto, planResponseSchema } from '@contracts/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../lib/api-client';
import { plansQueryKey } from './get-plans';

/** One plan; its history's keys start with it, so invalidating a plan refreshes its timeline too. */
export const planQueryKey = (planId: string) => [...plansQueryKey, planId] as const;

/** GET /api/plans/{id} (spec §7): the plan with its milestones and tasks. */
export async function getPlan(planId: string, { signal }: { signal?: AbortSignal } = {}): Promise<PlanDto> {
  return parseReady(planResponseSchema, await apiRequest<unknown>(`/api/plans/${encodeURIComponent(planId)}`, { signal }));
}

export const planQueryOptions = (planId: string) =>
  queryOptions({ queryKey: planQueryKey(planId), queryFn: ({ signal }) => getPlan(planId, { signal }), ...notReadyRetry });

export const usePlan = (planId: string) => useQuery(planQueryOptions(planId));
