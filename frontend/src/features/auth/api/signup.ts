import type { SignupRequest, User } from '@contracts/auth';
import { apiRequest } from '../../../lib/api-client';
import { userFromAuthResponse, useSigningIn } from './auth-response';

/** The role is always sent as free (spec §7); the server ignores it anyway. */
export async function signup(body: Omit<SignupRequest, 'role'>): Promise<User> {
  return userFromAuthResponse(await apiRequest<unknown>('/api/auth/signup', { method: 'POST', body: { ...body, role: 'free' } }));
}

export const useSignup = () => useSigningIn(signup);
