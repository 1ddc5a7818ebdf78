import './auth.css';
import type { GoogleLinkRequest, LoginRequest, SignupRequest } from '@contracts/auth';
import type { FormNotice, PostedForm } from '@contracts/form-posts';
import { googleSignInPaths, LINK_GOOGLE_PARAM } from '@contracts/form-posts';
import { type MouseEvent, useEffect, useState } from 'react';
import { ForgotPasswordForm } from './forgot-password-form';
import { LinkGoogleForm } from './link-google-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

export type AuthTab = 'signin' | 'signup';

/** What the auth card needs from around it: in the app from its hooks, in a visitor's /auth island from the page itself. */
export interface AuthContext {
  /** Signs in, then goes on as spec §4 says; throws what the server refused. */
  signIn: (values: LoginRequest) => Promise<void>;
  /** Creates the account and signs in, then goes on as spec §4 says; throws what the server refused. */
  signUp: (values: Omit<SignupRequest, 'role'>) => Promise<void>;
  /** Connects Google to the existing account with its password and signs in, then goes on as spec §4 says (issue 52). */
  linkGoogle: (values: GoogleLinkRequest) => Promise<void>;
  /** Asks for a reset link; answers the server's message. */
  forgotPassword: (values: { email: string }) => Promise<string>;
  /** Keeps the chosen tab in the address (`tab`, replacing the entry). */
  showTab: (tab: AuthTab) => void;
  /** A plain click on a link of the card: the app navigates without reloading; an island lets the browser load it. */
  onNavigate?: (to: string) => void;
}

const TABS: { id: AuthTab; title: string }[] = [
  { id: 'signin', title: 'Sign In' },
  { id: 'signup', title: 'Sign Up' },
];

const tabOf = (search: string): AuthTab | null => {
  const tab = new URLSearchParams(search).get('tab');
  return tab === 'signin' || tab === 'signup' ? tab : null;
};

/**
 * /auth's card: sign in, create account, forgot password (spec §2, §4), with Blueprint's look and
 * no Blueprint, router or form library code (a visitor's page hydrates it as an island). `notice`
 * is the server's word on a form the browser posted before the scripts ran, shown on that form.
 */
export function AuthView({
  search,
  notice,
  context,
  googleSignIn,
}: {
  search: string;
  notice: FormNotice | null;
  context: AuthContext;
  /** Whether the site offers "Continue with Google" (GOOGLE_CLIENT_ID is set). */
  googleSignIn: boolean;
}) {
  const noticeFor = (form: PostedForm) => (notice?.form === form ? notice : null);
  const [view, setView] = useState<AuthTab | 'forgot-password'>(noticeFor('forgotPassword') ? 'forgot-password' : (tabOf(search) ?? 'signin'));
  const params = new URLSearchParams(search);
  const redirect = params.get('redirect');
  const linkOffer = params.get(LINK_GOOGLE_PARAM);
  const googleHref = redirect ? `${googleSignInPaths.start}?${new URLSearchParams({ redirect })}` : googleSignInPaths.start;

  // Another tab asked for in the address (the app's navigation to /auth?tab=…) shows that tab.
  const tabParam = tabOf(search);
  useEffect(() => {
    if (tabParam) setView(tabParam);
  }, [tabParam]);

  const selectTab = (tab: AuthTab) => {
    setView(tab);
    context.showTab(tab);
  };
  const follow = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!context.onNavigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    context.onNavigate(to);
  };

  return (
    <div className="auth-page">
      <div className="bp6-card bp6-elevation-2 auth-card">
        <div className="auth-header">
          <h1 className="auth-brand">
            Skilly<span className="visually-hidden">: sign in or create your account</span>
          </h1>
          <p className="muted">Powered by AI, Operated by Humans</p>
        </div>
        {linkOffer ? (
          <LinkGoogleForm token={linkOffer} linkGoogle={context.linkGoogle} notice={noticeFor('linkGoogle')} redirect={redirect} />
        ) : view === 'forgot-password' ? (
          <>
            <h2 className="auth-title">Forgot your password?</h2>
            <ForgotPasswordForm forgotPassword={context.forgotPassword} notice={noticeFor('forgotPassword')} onDone={() => selectTab('signin')} />
          </>
        ) : (
          <div className="bp6-tabs bp6-fill">
            <div className="bp6-tab-list bp6-large" role="tablist">
              {TABS.map((tab) => (
                <div
                  key={tab.id}
                  role="tab"
                  className="bp6-tab"
                  id={`auth-tab-${tab.id}`}
                  aria-controls={`auth-panel-${tab.id}`}
                  aria-selected={view === tab.id}
                  tabIndex={view === tab.id ? 0 : -1}
                  onClick={() => selectTab(tab.id)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      selectTab(tab.id);
                    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
                      const other = TABS.find((each) => each.id !== tab.id)!;
                      selectTab(other.id);
                      document.getElementById(`auth-tab-${other.id}`)?.focus();
                    }
                  }}
                >
                  {tab.title}
                </div>
              ))}
            </div>
            <div className="bp6-tab-panel" role="tabpanel" id={`auth-panel-${view}`} aria-labelledby={`auth-tab-${view}`}>
              {view === 'signin' ? (
                <SignInForm signIn={context.signIn} notice={noticeFor('signIn')} redirect={redirect} onForgotPassword={() => setView('forgot-password')} />
              ) : (
                <SignUpForm signUp={context.signUp} notice={noticeFor('signUp')} redirect={redirect} />
              )}
              {googleSignIn && (
                <div className="auth-google">
                  <p className="auth-or muted">or</p>
                  {/* A navigation, not a call: the server sends the browser on to Google. */}
                  <a className="bp6-button bp6-large bp6-fill auth-google-button" href={googleHref}>
                    <span className="bp6-button-text">Continue with Google</span>
                  </a>
                </div>
              )}
            </div>
          </div>
        )}
        <p className="auth-contact muted">
          Need help?{' '}
          <a href="/contact" onClick={follow('/contact')}>
            Contact us
          </a>
        </p>
      </div>
    </div>
  );
}
