import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { forgetSession } from '../../../lib/auth/end-session';

export async function logout(): Promise<void> {
  await apiRequest<unknown>('/api/auth/logout', { method: 'POST' });
}

/**
 * Clears the user and every member-specific answer kept in the cache. `onLoggedOut` (the navigation
 * to /) finishes first, so a protected page never sees the signed-out state and redirects to /auth.
 */
export function useLogout({ onLoggedOut }: { onLoggedOut?: () => void | Promise<void> } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      await onLoggedOut?.();
      forgetSession(queryClient);
    },
  });
}
