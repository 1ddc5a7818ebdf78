import { type BackfillResponse, backfillResponseSchema } from '@contracts/admin-stats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { failure } from '../../lib/failure';
import { adminStatsRootKey } from './get-stats';

/** POST /api/admin/backfill-analytics (back-office §7): the analytics read models rebuilt from the event log. */
export async function backfillAnalytics(): Promise<BackfillResponse> {
  return backfillResponseSchema.parse(await apiRequest<unknown>('/api/admin/backfill-analytics', { method: 'POST', body: {} }));
}

/** Reports 'Backfilled N ideas and M plans'; a refusal is the toast 'Error' with 'Failed to backfill analytics' (§8). */
export function useBackfillAnalytics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: backfillAnalytics,
    onSuccess: (result) =>
      toast({ title: 'Analytics backfilled', description: `Backfilled ${result.ideasBackfilled} ideas and ${result.plansBackfilled} plans`, intent: 'success' }),
    onError: (error) => toastError('Error', failure('Failed to backfill analytics', error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminStatsRootKey }),
  });
}
