import { accountDeletedMessage } from '@contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { forgetSession } from '../../../lib/auth/end-session';
import { showToast, toastError } from '../../../lib/toaster';

/** Spec §4/§9: the way home starts 1.5 s after the deletion is confirmed (counted from when the toast shows). */
export const ACCOUNT_DELETED_REDIRECT_MS = 1_500;
/** Should the toast's code not load, home is still reached: the wait for the toast ends after this. */
export const TOAST_SHOWN_WAIT_MS = 3_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** DELETE /api/user/account (spec §7): the account and everything the product holds about the member are erased. */
export async function deleteAccount(): Promise<void> {
  await apiRequest<unknown>('/api/user/account', { method: 'DELETE' });
}

/**
 * Spec §4/§8: "Account Deleted" / "Your account and all data have been permanently deleted", then
 * 1.5 s after the toast shows `onGone` (the way home) and the session is cleared as on logging out: the current
 * user becomes nobody and every answer about the member leaves the cache. Home is reached first,
 * so the protected page never sees the signed-out state and sends the visitor to sign in. The
 * mutation stays pending until then (the dialog cannot be used twice). Failure: "Failed to delete account".
 */
export function useDeleteAccount({ onGone }: { onGone: () => void | Promise<void> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      // The 1.5 s are the member's time to read the toast: they start once it is on the screen
      // (the first toast of a visit waits for the toaster's code).
      await Promise.race([showToast({ title: 'Account Deleted', description: accountDeletedMessage, intent: 'success' }), sleep(TOAST_SHOWN_WAIT_MS)]);
      await sleep(ACCOUNT_DELETED_REDIRECT_MS);
      await onGone();
      forgetSession(queryClient);
    },
    onError: (error) => toastError('Failed to delete account', error instanceof ApiError ? error.serverMessage : undefined),
  });
}
