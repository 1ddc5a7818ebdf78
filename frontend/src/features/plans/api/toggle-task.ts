import { type PlanDto, toggleTaskResponseSchema } from '@contracts/plans';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { toastError } from '../../../lib/toaster';
import { planQueryKey } from './get-plan';
import { plansQueryKey } from './get-plans';
import { updateTask } from './plan-cache';

export type ToggleTaskResponse = z.infer<typeof toggleTaskResponseSchema>;

/** PATCH /api/tasks/{taskId}/toggle (spec §7) with the task's new state. */
export async function toggleTask(taskId: string, completed: boolean): Promise<ToggleTaskResponse> {
  const body = await apiRequest<unknown>(`/api/tasks/${encodeURIComponent(taskId)}/toggle`, { method: 'PATCH', body: { completed } });
  return toggleTaskResponseSchema.parse(body);
}

export const toggleMutationKey = (planId: string) => ['plans', planId, 'toggle-task'] as const;

/**
 * Spec §4: the checkbox changes at once; should the server refuse, the task goes back to what it
 * was and "Failed to update task" is shown (§8). The plan is read again either way.
 */
/** Whether a tick of this plan is still on its way to the server (the page shows it already). */
export const useTogglesInFlight = (planId: string) => useIsMutating({ mutationKey: toggleMutationKey(planId) }) > 0;

export function useToggleTask(planId: string) {
  const queryClient = useQueryClient();
  const key = planQueryKey(planId);
  return useMutation({
    mutationKey: toggleMutationKey(planId),
    mutationFn: ({ taskId, completed }: { taskId: string; completed: boolean }) => toggleTask(taskId, completed),
    onMutate: async ({ taskId, completed }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<PlanDto>(key);
      if (before) queryClient.setQueryData<PlanDto>(key, updateTask(before, taskId, (task) => ({ ...task, completed: completed ? 'true' : 'false' })));
      return { before };
    },
    onError: (_error, { taskId }, context) => {
      // Only this task is rolled back: another toggle made meanwhile keeps its own state.
      const current = queryClient.getQueryData<PlanDto>(key);
      const previous = context?.before?.milestones.flatMap((m) => m.tasks).find((task) => task.id === taskId);
      if (current && previous) queryClient.setQueryData<PlanDto>(key, updateTask(current, taskId, (task) => ({ ...task, completed: previous.completed })));
      else if (context?.before) queryClient.setQueryData(key, context.before);
      toastError('Failed to update task');
    },
    onSettled: () => {
      // Only after the last of several quick toggles, so an earlier answer never undoes a later click.
      if (queryClient.isMutating({ mutationKey: toggleMutationKey(planId) }) > 1) return;
      return queryClient.invalidateQueries({ queryKey: plansQueryKey });
    },
  });
}
