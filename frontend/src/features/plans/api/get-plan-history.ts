import { type PlanHistoryResponse, planHistoryResponseSchema } from '@contracts/plans';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../lib/api-client';
import { planQueryKey } from './get-plan';

/** `at` is a version of the plan's stream; null asks for the plan as it is now. */
export const planHistoryQueryKey = (planId: string, at: number | null) => [...planQueryKey(planId), 'history', at ?? 'latest'] as const;

/** GET /api/plans/{id}/history?at= (issue 9): the plan's timeline and the plan as it stood at `at`. */
export async function getPlanHistory(planId: string, at: number | null, { signal }: { signal?: AbortSignal } = {}): Promise<PlanHistoryResponse> {
  const query = at === null ? '' : `?at=${at}`;
  return parseReady(planHistoryResponseSchema, await apiRequest<unknown>(`/api/plans/${encodeURIComponent(planId)}/history${query}`, { signal }));
}

export const planHistoryQueryOptions = (planId: string, at: number | null) =>
  queryOptions({ queryKey: planHistoryQueryKey(planId, at), queryFn: ({ signal }) => getPlanHistory(planId, at, { signal }), ...notReadyRetry });

/** Moving along the timeline keeps the last answer on screen until the next one arrives. */
export const usePlanHistory = (planId: string, at: number | null) =>
  useQuery({ ...planHistoryQueryOptions(planId, at), placeholderData: keepPreviousData });
