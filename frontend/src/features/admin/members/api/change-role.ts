import { adminUserSchema, type AdminUserDto } from '@contracts/admin-members';
import type { User } from '@contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseSaved } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { failure } from '../../lib/failure';
import { adminUsersRootKey } from '../../lib/query-keys';
import { adminUserPath } from './get-users';

export type Role = User['role'];

/** PUT /api/admin/users/{id}/role {role} (back-office §7): the member after the change (null while the server catches up). */
export async function changeUserRole(userId: string, role: Role): Promise<AdminUserDto | null> {
  return parseSaved(adminUserSchema, await apiRequest<unknown>(`${adminUserPath(userId)}/role`, { method: 'PUT', body: { role } }));
}

/** A saved change is the toast 'User role updated'; a refusal the toast 'Error' with 'Failed to update user role' (§8). */
export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => changeUserRole(userId, role),
    onSuccess: (_user, { role }) => toast({ title: 'User role updated', description: `The member is now ${role}.`, intent: 'success' }),
    onError: (error) => toastError('Error', failure('Failed to update user role', error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersRootKey }),
  });
}
