import { type AddTaskRequest, addTaskRequestSchema, addTaskResponseSchema, type PlanTaskDto } from '@contracts/plans';
import { useQueryClient } from '@tanstack/react-query';
import { toast, toastError } from '../../../lib/toaster';
import { planQueryKey } from './get-plan';
import { plansQueryKey } from './get-plans';
import { requestOnce } from './once';
import { usePlanAction } from './use-plan-action';

/** POST /api/plans/{planId}/milestones/{milestoneId}/tasks (spec §7): the new task; the same key again adds nothing more. */
export async function addTask(planId: string, milestoneId: string, body: AddTaskRequest, idempotencyKey: string): Promise<PlanTaskDto> {
  const path = `/api/plans/${encodeURIComponent(planId)}/milestones/${encodeURIComponent(milestoneId)}/tasks`;
  return addTaskResponseSchema.parse(await requestOnce<unknown>(path, { method: 'POST', body: addTaskRequestSchema.parse(body), idempotencyKey }));
}

/** Spec §8: "Task added successfully", or "Failed to add task"; one task per attempt, however many clicks. */
export function useAddTask(planId: string, milestoneId: string, { onAdded }: { onAdded?: () => void } = {}) {
  const queryClient = useQueryClient();
  return usePlanAction(`add-task:${planId}:${milestoneId}`, {
    send: ({ title }: { title: string }, idempotencyKey) => addTask(planId, milestoneId, { title }, idempotencyKey),
    onSuccess: async () => {
      toast({ title: 'Task added successfully', intent: 'success' });
      onAdded?.();
      await queryClient.invalidateQueries({ queryKey: planQueryKey(planId) });
      void queryClient.invalidateQueries({ queryKey: plansQueryKey });
    },
    onError: () => toastError('Failed to add task'),
  });
}
