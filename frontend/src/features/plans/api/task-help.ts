import { type PlanDto, taskHelpResponseSchema } from '@contracts/plans';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/auth/api/get-me';
import { refetchCreditQueries } from '../../../lib/query-client';
import { toastError } from '../../../lib/toaster';
import { planQueryKey } from './get-plan';
import { requestOnce } from './once';
import { updateTask } from './plan-cache';
import { type PlanLimit, planLimitOf } from './plan-errors';
import { usePlanAction } from './use-plan-action';

export type TaskHelpResponse = z.infer<typeof taskHelpResponseSchema>;

/** POST /api/tasks/{taskId}/help (spec §7): the AI's help, kept on the task; spends one help credit (once per key). */
export async function askTaskHelp(taskId: string, idempotencyKey: string): Promise<TaskHelpResponse> {
  const path = `/api/tasks/${encodeURIComponent(taskId)}/help`;
  return taskHelpResponseSchema.parse(await requestOnce<unknown>(path, { method: 'POST', idempotencyKey }));
}

/**
 * The help lands on the task at once; the member's data (credits) is read again (spec §4). A spent
 * allowance goes to `onLimit` (a banner, §8); anything else is a toast.
 */
export function useTaskHelp(planId: string, taskId: string, { onLimit }: { onLimit: (limit: PlanLimit) => void }) {
  const queryClient = useQueryClient();
  const key = planQueryKey(planId);
  return usePlanAction(`help:${planId}:${taskId}`, {
    send: (_: void, idempotencyKey) => askTaskHelp(taskId, idempotencyKey),
    onSuccess: ({ task }) => {
      const plan = queryClient.getQueryData<PlanDto>(key);
      if (plan) queryClient.setQueryData<PlanDto>(key, updateTask(plan, task.id, () => task));
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      const limit = planLimitOf(error, "You've reached your help request limit");
      if (limit) onLimit(limit);
      else toastError(errorMessage(error, 'Failed to get task help'));
    },
    onSettled: () => {
      void refetchCreditQueries(queryClient);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
