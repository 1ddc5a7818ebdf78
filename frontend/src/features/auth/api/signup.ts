import type { SignupRequest, User } from '@contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userFromAuthResponse } from './auth-response';
import { meQueryKey } from '../../../lib/auth/api/get-me';

/** The role is always sent as free (spec §7); the server ignores it anyway. */
export async function signup(body: Omit<SignupRequest, 'role'>): Promise<User> {
  return userFromAuthResponse(await apiRequest<unknown>('/api/auth/signup', { method: 'POST', body: { ...body, role: 'free' } }));
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
