import { type User, userSchema } from '@contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/auth/api/get-me';
import { announceSessionChange } from '../../../lib/auth/session-hint';

/**
 * Login and sign-up answer `{ user, message }` (spec §4: the session takes the response's user field).
 * A sign-up answered 202 was stored but not signed in yet; its message is shown to the person.
 */
export function userFromAuthResponse(body: unknown): User {
  const candidate = body && typeof body === 'object' && 'user' in body ? (body as { user: unknown }).user : body;
  const parsed = userSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  throw new ApiError(202, body, 'The server did not return the account');
}

/** Spec §4, for every way in (sign-in, sign-up, Google linked): the session takes the user from the response, then the current-user query is refreshed. */
export function useSigningIn<Body>(mutationFn: (body: Body) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (user) => {
      announceSessionChange(true);
      queryClient.setQueryData(meQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
