import { adminUserSchema, type AdminUserDto } from '@contracts/admin-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseSaved } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { failure } from '../../lib/failure';
import { adminUsersRootKey } from '../../lib/query-keys';
import { adminUserPath } from './get-users';

/** PATCH /api/admin/users/{id}/toggle-disabled {disabled}: the state wanted; disabling ends the member's sessions. */
export async function setUserDisabled(userId: string, disabled: boolean): Promise<AdminUserDto | null> {
  return parseSaved(adminUserSchema, await apiRequest<unknown>(`${adminUserPath(userId)}/toggle-disabled`, { method: 'PATCH', body: { disabled } }));
}

/** 'User disabled' / 'User enabled' when saved; a refusal is the toast 'Error' with 'Failed to update user status' (§8). */
export function useSetUserDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, disabled }: { userId: string; disabled: boolean }) => setUserDisabled(userId, disabled),
    onSuccess: (_user, { disabled }) => toast({ title: disabled ? 'User disabled' : 'User enabled', intent: 'success' }),
    onError: (error) => toastError('Error', failure('Failed to update user status', error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersRootKey }),
  });
}
