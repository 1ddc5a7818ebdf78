import { type CleanupResponse, cleanupResponseSchema } from '@contracts/admin-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithHeaders } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { recordedActionId, undoToastAction } from '../../lib/admin-undo';
import { failure } from '../../lib/failure';
import { adminActionsQueryKey, adminUsersRootKey } from '../../lib/query-keys';
import { adminStatsRootKey } from './get-stats';

/**
 * POST /api/admin/cleanup-user-content (back-office §7): every member's idea sets and plans
 * deleted, as events; answers what went and the action to undo it.
 */
export async function cleanupUserContent(): Promise<{ result: CleanupResponse; actionId: string | null }> {
  const { body, headers } = await apiRequestWithHeaders<unknown>('/api/admin/cleanup-user-content', { method: 'POST', body: {} });
  return { result: cleanupResponseSchema.parse(body), actionId: recordedActionId(headers) };
}

/** Reports deleted ideas, deleted plans and updated users, with Undo; a refusal is the toast 'Error' with 'Failed to cleanup user content' (§8). */
export function useCleanupUserContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cleanupUserContent,
    onSuccess: ({ result, actionId }) =>
      toast({
        title: 'User content cleaned up',
        description: `Deleted ${result.deletedIdeas} ideas and ${result.deletedPlans} plans; updated ${result.updatedUsers} users`,
        intent: 'success',
        action: undoToastAction(queryClient, actionId),
      }),
    onError: (error) => toastError('Error', failure('Failed to cleanup user content', error)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminStatsRootKey }),
        queryClient.invalidateQueries({ queryKey: adminUsersRootKey }),
        queryClient.invalidateQueries({ queryKey: adminActionsQueryKey }),
      ]),
  });
}
