import { type AddTaskRequest, addTaskRequestSchema, addTaskResponseSchema, type PlanTaskDto } from '@contracts/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toast, toastError } from '../../../lib/toaster';
import { planQueryKey } from './get-plan';
import { plansQueryKey } from './get-plans';

/** POST /api/plans/{planId}/milestones/{milestoneId}/tasks (spec §7): the new task. */
export async function addTask(planId: string, milestoneId: string, body: AddTaskRequest): Promise<PlanTaskDto> {
  const path = `/api/plans/${encodeURIComponent(planId)}/milestones/${encodeURIComponent(milestoneId)}/tasks`;
  return addTaskResponseSchema.parse(await apiRequest<unknown>(path, { method: 'POST', body: addTaskRequestSchema.parse(body) }));
}

/** Spec §8: "Task added successfully", or "Failed to add task". */
export function useAddTask(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ milestoneId, title }: { milestoneId: string; title: string }) => addTask(planId, milestoneId, { title }),
    onSuccess: async () => {
      toast({ title: 'Task added successfully', intent: 'success' });
      await queryClient.invalidateQueries({ queryKey: planQueryKey(planId) });
      void queryClient.invalidateQueries({ queryKey: plansQueryKey });
    },
    onError: () => toastError('Failed to add task'),
  });
}
