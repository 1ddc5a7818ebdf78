import { testActionResponseSchema } from '@contracts/billing';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { browser } from '../browser';
import { testCheckoutPath } from './get-test-checkout';

/** POST /api/stripe/test-checkout/{id}/pay: the simulated payment succeeds; the answer is where the browser goes next (the success page). */
export async function payTestCheckout(id: string): Promise<string> {
  return testActionResponseSchema.parse(await apiRequest<unknown>(`${testCheckoutPath(id)}/pay`, { method: 'POST' })).url;
}

/** Pays, then leaves for the returned address; a refusal stays on the page for it to show. */
export function usePayTestCheckout(id: string) {
  return useMutation({ mutationFn: () => payTestCheckout(id), onSuccess: (url) => browser.go(url) });
}
