import { redirectUrlResponseSchema } from '@contracts/billing';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { browser } from '../browser';

/** POST /api/stripe/create-portal-session (spec §7, pro only): the billing portal's address. */
export async function createPortalSession(): Promise<string> {
  const { url } = redirectUrlResponseSchema.parse(await apiRequest<unknown>('/api/stripe/create-portal-session', { method: 'POST' }));
  if (url.trim() === '') throw new Error('No portal URL received');
  return url;
}

/** Spec §7/§8: the browser goes to the portal; a failure is logged only, with no message for the member. */
export function useCreatePortalSession() {
  return useMutation({
    mutationFn: createPortalSession,
    onSuccess: (url) => browser.go(url),
    onError: (error) => console.error('Could not open the billing portal', error),
  });
}
