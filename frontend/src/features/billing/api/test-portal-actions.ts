import { testActionResponseSchema } from '@contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { browser } from '../browser';
import { testPortalPath, testPortalQueryKey } from './get-test-portal';

/** POST /api/stripe/test-portal/{id}/cancel-subscription: the subscription ends at the end of the paid period. */
export async function cancelTestSubscription(id: string): Promise<string> {
  return testActionResponseSchema.parse(await apiRequest<unknown>(`${testPortalPath(id)}/cancel-subscription`, { method: 'POST' })).url;
}

/** POST /api/stripe/test-portal/{id}/end-period (TEST only): the billing period ends now, as if its time had passed. */
export async function endTestPeriod(id: string): Promise<string> {
  return testActionResponseSchema.parse(await apiRequest<unknown>(`${testPortalPath(id)}/end-period`, { method: 'POST' })).url;
}

/** Cancelling keeps the member on the portal, which reads the subscription again to show when it ends. */
export function useCancelTestSubscription(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelTestSubscription(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testPortalQueryKey(id) }),
  });
}

/** Ending the period leaves for the returned address (back in the app, where the member is free again). */
export function useEndTestPeriod(id: string) {
  return useMutation({ mutationFn: () => endTestPeriod(id), onSuccess: (url) => browser.go(url) });
}
