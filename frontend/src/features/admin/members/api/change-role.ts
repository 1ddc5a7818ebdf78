import { adminUserSchema, type AdminUserDto } from '@contracts/admin-members';
import type { User } from '@contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithHeaders, parseSaved } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { recordedActionId, undoToastAction } from '../../lib/admin-undo';
import { failure } from '../../lib/failure';
import { adminActionsQueryKey, adminUsersRootKey } from '../../lib/query-keys';
import { adminUserPath } from './get-users';

export type Role = User['role'];

/**
 * PUT /api/admin/users/{id}/role {role} (back-office §7): the member after the change (null while
 * the server catches up) and the action to undo it (none when the role was already that one).
 */
export async function changeUserRole(userId: string, role: Role): Promise<{ user: AdminUserDto | null; actionId: string | null }> {
  const { body, headers } = await apiRequestWithHeaders<unknown>(`${adminUserPath(userId)}/role`, { method: 'PUT', body: { role } });
  return { user: parseSaved(adminUserSchema, body), actionId: recordedActionId(headers) };
}

/** A saved change is the toast 'User role updated' with Undo; a refusal the toast 'Error' with 'Failed to update user role' (§8). */
export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => changeUserRole(userId, role),
    onSuccess: ({ actionId }, { role }) =>
      toast({ title: 'User role updated', description: `The member is now ${role}.`, intent: 'success', action: undoToastAction(queryClient, actionId) }),
    onError: (error) => toastError('Error', failure('Failed to update user role', error)),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminUsersRootKey }), queryClient.invalidateQueries({ queryKey: adminActionsQueryKey })]),
  });
}
