import type { GoogleLinkRequest, LoginRequest, User } from '@contracts/auth';
import { type AuthProviders, googleSignInPaths } from '@contracts/form-posts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userFromAuthResponse, useSigningIn } from './auth-response';

export async function login(body: LoginRequest): Promise<User> {
  return userFromAuthResponse(await apiRequest<unknown>('/api/auth/login', { method: 'POST', body }));
}

export const useLogin = () => useSigningIn(login);

/**
 * Signing in by connecting Google to the existing account with its password (issue 52): in this
 * module, as a sign-in, so a visitor's /auth island loads one module for either.
 */
export async function linkGoogle(body: GoogleLinkRequest): Promise<User> {
  return userFromAuthResponse(await apiRequest<unknown>(googleSignInPaths.link, { method: 'POST', body }));
}

export const useLinkGoogle = () => useSigningIn(linkGoogle);

/** The path's segments: a prerendered /auth page comes with its answer (contracts/page-routes.ts `pageReadsOf`). */
export const authProvidersQueryKey = ['/api', 'auth', 'providers'] as const;

/** Whether "Continue with Google" is offered (issue 52): false until known, and when the site has no Google client. */
export function useGoogleSignInOffered(): boolean {
  const { data } = useQuery({
    queryKey: authProvidersQueryKey,
    queryFn: ({ signal }) => apiRequest<AuthProviders>(googleSignInPaths.providers, { signal }),
    staleTime: Infinity,
  });
  return data?.google ?? false;
}
