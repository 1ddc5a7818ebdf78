import { type PlanDto, plansResponseSchema } from '@contracts/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../lib/api-client';

/** The root of every plan query: invalidating it refreshes the list, each plan and their histories. */
export const plansQueryKey = ['/api', 'plans'] as const;

/** GET /api/plans (spec §7): the member's plans. */
export async function getPlans({ signal }: { signal?: AbortSignal } = {}): Promise<PlanDto[]> {
  return parseReady(plansResponseSchema, await apiRequest<unknown>('/api/plans', { signal }));
}

export const plansQueryOptions = () =>
  queryOptions({ queryKey: plansQueryKey, queryFn: ({ signal }) => getPlans({ signal }), ...notReadyRetry });

/** Spec §9: the dashboard polls the plans every 10 s. */
export const usePlans = ({ poll = false }: { poll?: boolean } = {}) =>
  useQuery({ ...plansQueryOptions(), refetchInterval: poll ? 10_000 : false });
