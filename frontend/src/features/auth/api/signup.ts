import type { SignupRequest, User } from '@contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userFromAuthResponse } from './auth-response';
import { meQueryKey } from '../../../lib/auth/api/get-me';
import { announceSessionChange } from '../../../lib/auth/session-hint';

/** The role is always sent as free (spec §7); the server ignores it anyway. */
export async function signup(body: Omit<SignupRequest, 'role'>): Promise<User> {
  return userFromAuthResponse(await apiRequest<unknown>('/api/auth/signup', { method: 'POST', body: { ...body, role: 'free' } }));
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: (user) => {
      announceSessionChange(true);
      queryClient.setQueryData(meQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
