import { redirectUrlResponseSchema } from '@contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, errorMessage } from '../../../lib/api-client';
import { useAttemptKey } from '../../../lib/attempt-key';
import { meQueryKey } from '../../../lib/auth/api/get-me';
import { toastError } from '../../../lib/toaster';
import { browser } from '../browser';

/** Spec §8: what a checkout that could not start says. */
export const checkoutFailed = 'Failed to create checkout session';
export const noCheckoutUrl = 'No checkout URL received';

/** The server answered, but with no address to go to (§8 "No checkout URL received"). */
export class NoCheckoutUrlError extends Error {
  constructor() {
    super(noCheckoutUrl);
    this.name = 'NoCheckoutUrlError';
  }
}

/**
 * POST /api/stripe/create-checkout-session (spec §7, no body): where the browser goes to pay.
 * Refusals answer `{ message, code }`: 409 already subscribed, 403 not a free member, 401 signed out.
 */
export async function createCheckoutSession(idempotencyKey?: string): Promise<string> {
  const parsed = redirectUrlResponseSchema.safeParse(await apiRequest<unknown>('/api/stripe/create-checkout-session', { method: 'POST', idempotencyKey }));
  if (!parsed.success || parsed.data.url.trim() === '') throw new NoCheckoutUrlError();
  return parsed.data.url;
}

/**
 * Spec §4 "Upsell checkout": idle, Loading..., then the browser goes to the returned address.
 * Spec §8: a failure is the toast "Error" with the server's message or "Failed to create checkout
 * session"; an answer without an address, "No checkout URL received"; the buttons come back.
 * The Idempotency-Key is kept when no answer came back (network, 5xx), so the retry cannot open a
 * second checkout; after any answer the next press is a new attempt with a new key.
 * A 409 (already subscribed) also reads the signed-in member again: one who is Pro meanwhile is
 * then sent on by the page's role gate.
 */
export function useCreateCheckoutSession() {
  const attempt = useAttemptKey();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createCheckoutSession(attempt.keyFor('checkout')),
    onSuccess: (url) => {
      attempt.done();
      browser.go(url);
    },
    onError: (error) => {
      if (error instanceof NoCheckoutUrlError || (error instanceof ApiError && error.status < 500)) attempt.done();
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: meQueryKey });
      toastError('Error', error instanceof NoCheckoutUrlError ? noCheckoutUrl : errorMessage(error, checkoutFailed));
    },
  });
}
