import { type ResetDataResponse, resetDataResponseSchema } from '@contracts/admin-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithHeaders, parseSaved } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { recordedActionId, undoToastAction } from '../../lib/admin-undo';
import { failure } from '../../lib/failure';
import { adminActionsQueryKey, adminUsersRootKey } from '../../lib/query-keys';
import { adminUserPath } from './get-users';

/**
 * POST /api/admin/users/{id}/reset-data: the member's idea sets and plans deleted, this period's
 * credits given back; answers what went (null while the server catches up) and the action to undo it.
 */
export async function resetUserData(userId: string): Promise<{ result: ResetDataResponse | null; actionId: string | null }> {
  const { body, headers } = await apiRequestWithHeaders<unknown>(`${adminUserPath(userId)}/reset-data`, { method: 'POST', body: {} });
  return { result: parseSaved(resetDataResponseSchema, body), actionId: recordedActionId(headers) };
}

/** 'User data reset' with what went, and Undo; a refusal is the toast 'Error' with 'Failed to reset user data' (§8). */
export function useResetUserData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => resetUserData(userId),
    onSuccess: ({ result, actionId }) =>
      toast({
        title: 'User data reset',
        description: result ? `Deleted ${result.deletedIdeas} idea sets and ${result.deletedPlans} plans` : undefined,
        intent: 'success',
        action: undoToastAction(queryClient, actionId),
      }),
    onError: (error) => toastError('Error', failure('Failed to reset user data', error)),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminUsersRootKey }), queryClient.invalidateQueries({ queryKey: adminActionsQueryKey })]),
  });
}
