import type { FormNotice } from '@contracts/form-posts';
import { LINK_GOOGLE_PARAM } from '@contracts/form-posts';
import { useMemo } from 'react';
import { announceSessionChange } from '../../../lib/auth/session-hint';
import { AppToaster } from '../../../lib/toaster';
import { type AuthContext, type AuthTab, AuthView } from './auth-view';
import { useRememberedRedirect } from './remembered-redirect';

/**
 * /auth signed in from the island: the page is loaded again with `signed-in=1` (as the server
 * answers a posted form, api/forms), where the app, now sent for the session, finishes the sign-in
 * as spec §4 says (trial ideas saved, a pending plan, the remembered redirect). The promise never
 * resolves: the form stays busy until the page goes.
 */
function reloadSignedIn(search: string, tab: AuthTab): Promise<void> {
  announceSessionChange(true);
  const params = new URLSearchParams(search);
  params.set('tab', tab);
  params.set('signed-in', '1');
  window.location.replace(`/auth?${params}`);
  return new Promise(() => {});
}

/**
 * A visitor's /auth card, hydrated alone on the prerendered page (frontend/src/islands.tsx): the
 * calls load with the first submit, and a link is a normal navigation.
 */
export function AuthIsland({ search, notice, googleSignIn }: { search: string; notice: FormNotice | null; googleSignIn: boolean }) {
  useRememberedRedirect(new URLSearchParams(search).get('redirect'));
  const context = useMemo<AuthContext>(
    () => ({
      signIn: async (values) => {
        const { login } = await import('../api/login');
        await login(values);
        return reloadSignedIn(window.location.search, 'signin');
      },
      signUp: async (values) => {
        const { signup } = await import('../api/signup');
        await signup(values);
        return reloadSignedIn(window.location.search, 'signup');
      },
      linkGoogle: async (values) => {
        const { linkGoogle } = await import('../api/login');
        await linkGoogle(values);
        const params = new URLSearchParams(window.location.search);
        params.delete(LINK_GOOGLE_PARAM);
        return reloadSignedIn(`?${params}`, 'signin');
      },
      forgotPassword: async (values) => {
        const { forgotPassword } = await import('../api/forgot-password');
        return (await forgotPassword(values)).message;
      },
      showTab: (tab) => {
        const params = new URLSearchParams(window.location.search);
        params.set('tab', tab);
        window.history.replaceState(window.history.state, '', `${window.location.pathname}?${params}${window.location.hash}`);
      },
    }),
    [],
  );
  return (
    <>
      <AuthView search={search} notice={notice} context={context} googleSignIn={googleSignIn} />
      <AppToaster />
    </>
  );
}
