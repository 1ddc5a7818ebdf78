import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { failure } from '../../lib/failure';
import { adminUsersRootKey } from '../../lib/query-keys';
import { adminUserPath } from './get-users';

/** DELETE /api/admin/users/{id}: the account's erasure. */
export async function deleteUser(userId: string): Promise<void> {
  await apiRequest<unknown>(adminUserPath(userId), { method: 'DELETE' });
}

/** 'User deleted' when done; a refusal is the toast 'Error' with 'Failed to delete user' (§8). */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => deleteUser(userId),
    onSuccess: () => toast({ title: 'User deleted', intent: 'success' }),
    onError: (error) => toastError('Error', failure('Failed to delete user', error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersRootKey }),
  });
}
