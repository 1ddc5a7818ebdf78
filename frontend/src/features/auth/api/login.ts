import type { LoginRequest, User } from '@contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userFromAuthResponse } from './auth-response';
import { meQueryKey } from '../../../lib/auth/api/get-me';
import { announceSessionChange } from '../../../lib/auth/session-hint';

export async function login(body: LoginRequest): Promise<User> {
  return userFromAuthResponse(await apiRequest<unknown>('/api/auth/login', { method: 'POST', body }));
}

/** Spec §4: the session takes the user from the response, then the current-user query is refreshed. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      announceSessionChange(true);
      queryClient.setQueryData(meQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
