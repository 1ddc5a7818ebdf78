import { testActionResponseSchema } from '@contracts/billing';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, parseSaved } from '../../../lib/api-client';
import { browser } from '../browser';
import { testCheckoutPath } from './get-test-checkout';

/**
 * POST /api/stripe/test-checkout/{id}/pay: the simulated payment succeeds; the answer is where the
 * browser goes next (the success page), or null when it was saved but the server answered 202
 * (`accepted_pending`: its read models were still catching up).
 */
export async function payTestCheckout(id: string): Promise<string | null> {
  return parseSaved(testActionResponseSchema, await apiRequest<unknown>(`${testCheckoutPath(id)}/pay`, { method: 'POST' }))?.url ?? null;
}

/**
 * Pays (called with the checkout's `successUrl`), then leaves for the returned address, or for the
 * success page when the payment was saved with a 202; a refusal stays on the page for it to show.
 */
export function usePayTestCheckout(id: string) {
  return useMutation({
    mutationFn: async (successUrl: string) => (await payTestCheckout(id)) ?? successUrl,
    onSuccess: (url) => browser.go(url),
  });
}
