import { signedOutEverywhereMessage } from '@contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { forgetSession } from '../../../lib/auth/end-session';
import { toast, toastError } from '../../../lib/toaster';

/** POST /api/user/sign-out-everywhere (issue 52): every session of the account ends, this one included. */
export async function signOutEverywhere(): Promise<void> {
  await apiRequest<unknown>('/api/user/sign-out-everywhere', { method: 'POST' });
}

/** Then, as on logging out: `onSignedOut` (the way to sign in) first, and this tab forgets the member. */
export function useSignOutEverywhere({ onSignedOut }: { onSignedOut: () => void | Promise<void> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: async () => {
      toast({ title: 'Signed out everywhere', description: signedOutEverywhereMessage, intent: 'success' });
      await onSignedOut();
      forgetSession(queryClient);
    },
    onError: (error) => toastError(errorMessage(error, 'Failed to sign out everywhere')),
  });
}
