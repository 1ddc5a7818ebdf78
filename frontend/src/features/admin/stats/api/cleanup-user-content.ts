import { type CleanupResponse, cleanupResponseSchema } from '@contracts/admin-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { failure } from '../../lib/failure';
import { adminUsersRootKey } from '../../lib/query-keys';
import { adminStatsRootKey } from './get-stats';

/** POST /api/admin/cleanup-user-content (back-office §7): every member's idea sets and plans deleted, as events. */
export async function cleanupUserContent(): Promise<CleanupResponse> {
  return cleanupResponseSchema.parse(await apiRequest<unknown>('/api/admin/cleanup-user-content', { method: 'POST', body: {} }));
}

/** Reports deleted ideas, deleted plans and updated users; a refusal is the toast 'Error' with 'Failed to cleanup user content' (§8). */
export function useCleanupUserContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cleanupUserContent,
    onSuccess: (result) =>
      toast({
        title: 'User content cleaned up',
        description: `Deleted ${result.deletedIdeas} ideas and ${result.deletedPlans} plans; updated ${result.updatedUsers} users`,
        intent: 'success',
      }),
    onError: (error) => toastError('Error', failure('Failed to cleanup user content', error)),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminStatsRootKey }), queryClient.invalidateQueries({ queryKey: adminUsersRootKey })]),
  });
}
