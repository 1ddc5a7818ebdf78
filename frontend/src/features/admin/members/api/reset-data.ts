import { type ResetDataResponse, resetDataResponseSchema } from '@contracts/admin-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseSaved } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { failure } from '../../lib/failure';
import { adminUsersRootKey } from '../../lib/query-keys';
import { adminUserPath } from './get-users';

/** POST /api/admin/users/{id}/reset-data: the member's idea sets and plans deleted, this period's credits given back. */
export async function resetUserData(userId: string): Promise<ResetDataResponse | null> {
  return parseSaved(resetDataResponseSchema, await apiRequest<unknown>(`${adminUserPath(userId)}/reset-data`, { method: 'POST', body: {} }));
}

/** 'User data reset' with what went; a refusal is the toast 'Error' with 'Failed to reset user data' (§8). */
export function useResetUserData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => resetUserData(userId),
    onSuccess: (result) =>
      toast({
        title: 'User data reset',
        description: result ? `Deleted ${result.deletedIdeas} idea sets and ${result.deletedPlans} plans` : undefined,
        intent: 'success',
      }),
    onError: (error) => toastError('Error', failure('Failed to reset user data', error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersRootKey }),
  });
}
