import { generateNextMilestoneResponseSchema } from '@contracts/plans';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/auth/api/get-me';
import { refetchCreditQueries } from '../../../lib/query-client';
import { toast, toastError } from '../../../lib/toaster';
import { planQueryKey } from './get-plan';
import { plansQueryKey } from './get-plans';
import { requestOnce } from './once';
import { planErrorBody, type PlanLimit, planLimitOf } from './plan-errors';
import { usePlanAction } from './use-plan-action';

export type NextMilestoneResponse = z.infer<typeof generateNextMilestoneResponseSchema>;

/** POST /api/plans/{planId}/generate-next-milestone (spec §7): spends one milestone credit (once per key). */
export async function generateNextMilestone(planId: string, idempotencyKey: string): Promise<NextMilestoneResponse> {
  const path = `/api/plans/${encodeURIComponent(planId)}/generate-next-milestone`;
  return generateNextMilestoneResponseSchema.parse(await requestOnce<unknown>(path, { method: 'POST', idempotencyKey }));
}

/**
 * The plan the server answers replaces the cached one; the member's data is read again (spec §4).
 * Spec §8: "Next milestone generated successfully!"; a spent allowance goes to `onLimit` (a banner),
 * any other refusal is the toast "Cannot generate milestone" / "Complete previous tasks first".
 */
export function useGenerateNextMilestone(
  planId: string,
  { onGenerated, onLimit }: { onGenerated: (milestoneId: string) => void; onLimit: (limit: PlanLimit) => void },
) {
  const queryClient = useQueryClient();
  return usePlanAction(`next-milestone:${planId}`, {
    send: (_: void, idempotencyKey) => generateNextMilestone(planId, idempotencyKey),
    onSuccess: ({ plan, milestone }) => {
      queryClient.setQueryData(planQueryKey(planId), plan);
      void queryClient.invalidateQueries({ queryKey: plansQueryKey });
      toast({ title: 'Next milestone generated successfully!', intent: 'success' });
      onGenerated(milestone.id);
    },
    onError: (error) => {
      const limit = planLimitOf(error, "You've reached your milestone generation limit");
      if (limit) {
        onLimit(limit);
        return;
      }
      const body = planErrorBody(error);
      const reason = body?.code === 'previous_tasks_incomplete' || !body ? 'Complete previous tasks first' : errorMessage(error, 'Complete previous tasks first');
      toastError('Cannot generate milestone', reason);
    },
    onSettled: () => {
      void refetchCreditQueries(queryClient);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
