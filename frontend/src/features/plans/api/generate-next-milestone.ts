import { generateNextMilestoneResponseSchema } from '@contracts/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/auth/api/get-me';
import { refetchCreditQueries } from '../../../lib/query-client';
import { planQueryKey } from './get-plan';
import { plansQueryKey } from './get-plans';

export type NextMilestoneResponse = z.infer<typeof generateNextMilestoneResponseSchema>;

/** POST /api/plans/{planId}/generate-next-milestone (spec §7): spends one milestone credit. */
export async function generateNextMilestone(planId: string): Promise<NextMilestoneResponse> {
  const path = `/api/plans/${encodeURIComponent(planId)}/generate-next-milestone`;
  return generateNextMilestoneResponseSchema.parse(await apiRequest<unknown>(path, { method: 'POST' }));
}

/** The plan the server answers replaces the cached one; the member's data is read again (spec §4). Errors are the caller's to show. */
export function useGenerateNextMilestone(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateNextMilestone(planId),
    onSuccess: ({ plan }) => {
      queryClient.setQueryData(planQueryKey(planId), plan);
      void queryClient.invalidateQueries({ queryKey: plansQueryKey });
    },
    onSettled: () => {
      void refetchCreditQueries(queryClient);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
