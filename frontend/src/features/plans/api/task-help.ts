import { type PlanDto, taskHelpResponseSchema } from '@contracts/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/auth/api/get-me';
import { refetchCreditQueries } from '../../../lib/query-client';
import { planQueryKey } from './get-plan';
import { updateTask } from './plan-cache';

export type TaskHelpResponse = z.infer<typeof taskHelpResponseSchema>;

/** POST /api/tasks/{taskId}/help (spec §7): the AI's help, kept on the task; spends one help credit. */
export async function askTaskHelp(taskId: string): Promise<TaskHelpResponse> {
  return taskHelpResponseSchema.parse(await apiRequest<unknown>(`/api/tasks/${encodeURIComponent(taskId)}/help`, { method: 'POST' }));
}

/**
 * The help lands on the task at once; the member's data (credits) is read again (spec §4).
 * Errors are the caller's to show: a spent allowance is a banner, anything else a toast (§8).
 */
export function useTaskHelp(planId: string) {
  const queryClient = useQueryClient();
  const key = planQueryKey(planId);
  return useMutation({
    mutationFn: askTaskHelp,
    onSuccess: ({ task }) => {
      const plan = queryClient.getQueryData<PlanDto>(key);
      if (plan) queryClient.setQueryData<PlanDto>(key, updateTask(plan, task.id, () => task));
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSettled: () => {
      void refetchCreditQueries(queryClient);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
