import { adminUserSchema, type AdminUserDto } from '@contracts/admin-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithHeaders, parseSaved } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { recordedActionId, undoToastAction } from '../../lib/admin-undo';
import { failure } from '../../lib/failure';
import { adminActionsQueryKey, adminUsersRootKey } from '../../lib/query-keys';
import { adminUserPath } from './get-users';

/**
 * PATCH /api/admin/users/{id}/toggle-disabled {disabled}: the state wanted; disabling ends the
 * member's sessions. Answers the member (null while the server catches up) and, for a disable,
 * the action to undo it (an enable records none).
 */
export async function setUserDisabled(userId: string, disabled: boolean): Promise<{ user: AdminUserDto | null; actionId: string | null }> {
  const { body, headers } = await apiRequestWithHeaders<unknown>(`${adminUserPath(userId)}/toggle-disabled`, { method: 'PATCH', body: { disabled } });
  return { user: parseSaved(adminUserSchema, body), actionId: recordedActionId(headers) };
}

/** 'User disabled' (with Undo) / 'User enabled' when saved; a refusal is the toast 'Error' with 'Failed to update user status' (§8). */
export function useSetUserDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, disabled }: { userId: string; disabled: boolean }) => setUserDisabled(userId, disabled),
    onSuccess: ({ actionId }, { disabled }) =>
      toast({ title: disabled ? 'User disabled' : 'User enabled', intent: 'success', action: undoToastAction(queryClient, actionId) }),
    onError: (error) => toastError('Error', failure('Failed to update user status', error)),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminUsersRootKey }), queryClient.invalidateQueries({ queryKey: adminActionsQueryKey })]),
  });
}
