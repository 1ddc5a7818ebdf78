import { testActionResponseSchema } from '@contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseSaved } from '../../../lib/api-client';
import { browser } from '../browser';
import { testPortalPath, testPortalQueryKey } from './get-test-portal';

/*
 * Each action answers where the browser goes next, or 202 `accepted_pending` (saved, the server's
 * read models still catching up): that is a success too, read here as null.
 */

/** POST /api/stripe/test-portal/{id}/cancel-subscription: the subscription ends at the end of the paid period. */
export async function cancelTestSubscription(id: string): Promise<string | null> {
  return parseSaved(testActionResponseSchema, await apiRequest<unknown>(`${testPortalPath(id)}/cancel-subscription`, { method: 'POST' }))?.url ?? null;
}

/** POST /api/stripe/test-portal/{id}/end-period (TEST only): the billing period ends now, as if its time had passed. */
export async function endTestPeriod(id: string): Promise<string | null> {
  return parseSaved(testActionResponseSchema, await apiRequest<unknown>(`${testPortalPath(id)}/end-period`, { method: 'POST' }))?.url ?? null;
}

/** Cancelling (saved, or accepted with a 202) keeps the member on the portal, which reads the subscription again to show when it ends. */
export function useCancelTestSubscription(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelTestSubscription(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testPortalQueryKey(id) }),
  });
}

/**
 * Ending the period (called with the portal's `returnUrl`) leaves for the returned address, or for
 * the return address when it was accepted with a 202 (back in the app, where the member is free again).
 */
export function useEndTestPeriod(id: string) {
  return useMutation({
    mutationFn: async (returnUrl: string) => (await endTestPeriod(id)) ?? returnUrl,
    onSuccess: (url) => browser.go(url),
  });
}
