import './auth.css';
import { Card, Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { LoadingText } from '../../../components/ui/loading-text';
import { useAuth } from '../../../lib/auth/auth-provider';
import { authRedirect } from '../../../lib/pending-generation';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { useFormNotice } from '../api/form-notice';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { useCompleteAuth } from './use-complete-auth';

type AuthTab = 'signin' | 'signup';

/**
 * /auth: sign in, create account, forgot password (spec §2, §4). `onAuthenticated` runs once the member
 * is signed in, before the redirect. A form the browser posted itself before the scripts ran comes
 * back here: signed in (`signed-in=1`: the sign-in is finished as after the app's own), or with the
 * server's notice on that form.
 */
export function AuthScreen({ onAuthenticated }: { onAuthenticated?: () => Promise<void> }) {
  const [params, setParams] = useSearchParams();
  const { isLoading, isAuthenticated } = useAuth();
  const completeAuth = useCompleteAuth(onAuthenticated);
  const forgotPasswordNotice = useFormNotice('forgotPassword');
  const [view, setView] = useState<AuthTab | 'forgot-password'>(
    forgotPasswordNotice ? 'forgot-password' : params.get('tab') === 'signup' ? 'signup' : 'signin',
  );
  // Set while a sign-in is finishing, so the "already signed in" redirect below does not race the §4 flow.
  const [completing, setCompleting] = useState(false);

  // The redirect query is remembered for this visit; arriving without one forgets an older one.
  const redirectParam = params.get('redirect');
  useEffect(() => {
    authRedirect.write(safeRedirectPath(redirectParam));
  }, [redirectParam]);

  const tabParam = params.get('tab');
  useEffect(() => {
    if (tabParam === 'signin' || tabParam === 'signup') setView(tabParam);
  }, [tabParam]);

  // Signed in by the server's answer to the posted form: the §4 steps once (after the redirect above is remembered).
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

  const selectTab = (tab: AuthTab) => {
    setView(tab);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', tab);
        return next;
      },
      { replace: true },
    );
  };

  const handlers = {
    onStart: () => setCompleting(true),
    onFail: () => setCompleting(false),
  };

  return (
    <div className="auth-page">
      <Card className="auth-card" elevation={2}>
        <div className="auth-header">
          <div className="auth-brand">Skilly</div>
          <p className="muted">Powered by AI, Operated by Humans</p>
        </div>
        {view === 'forgot-password' ? (
          <>
            <h2 className="auth-title">Forgot your password?</h2>
            <ForgotPasswordForm onDone={() => selectTab('signin')} />
          </>
        ) : (
          <Tabs
            id="auth-tabs"
            selectedTabId={view}
            onChange={(tab) => selectTab(tab as AuthTab)}
            fill
            size="large"
            renderActiveTabPanelOnly
          >
            <Tab
              id="signin"
              title="Sign In"
              panel={
                <SignInForm
                  {...handlers}
                  redirect={redirectParam}
                  onForgotPassword={() => setView('forgot-password')}
                  onAuthenticated={() => completeAuth({ freshSignup: false })}
                />
              }
            />
            <Tab
              id="signup"
              title="Sign Up"
              panel={<SignUpForm {...handlers} redirect={redirectParam} onAuthenticated={() => completeAuth({ freshSignup: true })} />}
            />
          </Tabs>
        )}
        <p className="auth-contact muted">
          Need help? <Link to="/contact">Contact us</Link>
        </p>
      </Card>
    </div>
  );
}
