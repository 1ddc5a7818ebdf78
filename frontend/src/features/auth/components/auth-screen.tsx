import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingText } from '../../../components/ui/loading-text';
import { useAuth } from '../../../lib/auth/auth-provider';
import { Island } from '../../../lib/islands/island';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { forgotPassword } from '../api/forgot-password';
import { usePageFormNotice } from '../api/form-notice';
import { useGoogleSignInOffered, useLinkGoogle, useLogin } from '../api/login';
import { useSignup } from '../api/signup';
import { type AuthContext, AuthView } from './auth-view';
import { useRememberedRedirect } from './remembered-redirect';
import { useCompleteAuth } from './use-complete-auth';

/**
 * /auth in the app (spec §2, §4): the auth card (AuthView) with the app's session and router; a
 * visitor's prerendered page hydrates the card alone as an island (./auth-island.tsx).
 * `onAuthenticated` runs once the member is signed in, before the redirect. A form the browser
 * posted itself before the scripts ran, or the island's sign-in, comes back here signed in
 * (`signed-in=1`): the sign-in is finished as after the app's own.
 */
export function AuthScreen({ onAuthenticated }: { onAuthenticated?: () => Promise<void> }) {
  const [params, setParams] = useSearchParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { isLoading, isAuthenticated } = useAuth();
  const completeAuth = useCompleteAuth(onAuthenticated);
  const notice = usePageFormNotice();
  const { mutateAsync: login } = useLogin();
  const { mutateAsync: signup } = useSignup();
  const { mutateAsync: linkGoogle } = useLinkGoogle();
  const googleSignIn = useGoogleSignInOffered();
  // Set while a sign-in is finishing, so the "already signed in" redirect below does not race the §4 flow.
  const [completing, setCompleting] = useState(false);
  const redirectParam = params.get('redirect');
  const tabParam = params.get('tab');
  // Before the completion below, which reads it.
  useRememberedRedirect(redirectParam);

  const context = useMemo<AuthContext>(() => {
    const finishing = async (send: () => Promise<unknown>, freshSignup: boolean) => {
      setCompleting(true);
      try {
        await send();
      } catch (error) {
        setCompleting(false);
        throw error;
      }
      await completeAuth({ freshSignup });
    };
    return {
      signIn: (values) => finishing(() => login(values), false),
      signUp: (values) => finishing(() => signup(values), true),
      linkGoogle: (values) => finishing(() => linkGoogle(values), false),
      forgotPassword: async (values) => (await forgotPassword(values)).message,
      showTab: (tab) =>
        setParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            next.set('tab', tab);
            return next;
          },
          { replace: true },
        ),
      onNavigate: (to) => navigate(to),
    };
  }, [login, signup, linkGoogle, completeAuth, setParams, navigate]);

  // Signed in by the server's answer to the posted form: the §4 steps once.
  const signedInByPost = isAuthenticated && params.get('signed-in') === '1';
  const finishing = useRef(false);
  useEffect(() => {
    if (!signedInByPost || finishing.current) return;
    finishing.current = true;
    void completeAuth({ freshSignup: tabParam === 'signup' });
  }, [signedInByPost, completeAuth, tabParam]);

  if (isLoading || signedInByPost) return <LoadingText />;
  if (isAuthenticated && !completing) {
    return <Navigate to={safeRedirectPath(redirectParam) ?? '/dashboard'} replace />;
  }
  const view = <AuthView search={search} notice={notice} context={context} googleSignIn={googleSignIn} />;
  return isAuthenticated ? view : (
    <Island name="auth" props={{ search, notice, googleSignIn }}>
      {view}
    </Island>
  );
}
