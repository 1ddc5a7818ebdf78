import { accountDeletedMessage } from '@contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { forgetSession } from '../../../lib/auth/end-session';
import { toast, toastError } from '../../../lib/toaster';

/** Spec §4/§9: the way home starts 1.5 s after the deletion is confirmed. */
export const ACCOUNT_DELETED_REDIRECT_MS = 1_500;

/** DELETE /api/user/account (spec §7): the account and everything the product holds about the member are erased. */
export async function deleteAccount(): Promise<void> {
  await apiRequest<unknown>('/api/user/account', { method: 'DELETE' });
}

/**
 * Spec §4/§8: "Account Deleted" / "Your account and all data have been permanently deleted", then
 * after 1.5 s `onGone` (the way home) and the session is cleared as on logging out: the current
 * user becomes nobody and every answer about the member leaves the cache. Home is reached first,
 * so the protected page never sees the signed-out state and sends the visitor to sign in. The
 * mutation stays pending until then (the dialog cannot be used twice). Failure: "Failed to delete account".
 */
export function useDeleteAccount({ onGone }: { onGone: () => void | Promise<void> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      toast({ title: 'Account Deleted', description: accountDeletedMessage, intent: 'success' });
      await new Promise((resolve) => setTimeout(resolve, ACCOUNT_DELETED_REDIRECT_MS));
      await onGone();
      forgetSession(queryClient);
    },
    onError: (error) => toastError('Failed to delete account', error instanceof ApiError ? error.serverMessage : undefined),
  });
}
