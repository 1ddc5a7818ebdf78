import type { Profile } from '@contracts/account';
import { googleSignInPaths, PROFILE_GOOGLE_PARAM } from '@contracts/form-posts';
import { Button, Callout, Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useEmailSetPasswordLink } from '../api/set-password-link';

/** What connecting Google from here came to (the server's redirect names it by code, never by text a link could forge). */
const outcomes: Record<string, { intent: 'success' | 'danger'; text: string }> = {
  connected: { intent: 'success', text: 'Your Google account is connected: you can now sign in with it.' },
  google_account_in_use: { intent: 'danger', text: 'That Google account is already connected to another Skilly account.' },
  google_email_unverified: { intent: 'danger', text: 'Google has not verified the email address of that Google account, so it cannot be connected.' },
  other_google_account: { intent: 'danger', text: 'Your account already signs in with another Google account.' },
};
const failed = { intent: 'danger', text: 'Connecting your Google account did not work. Please try again.' } as const;

/**
 * /profile's sign-in methods (issue 52): an account with Google says so and offers a password by
 * email (it has none to change: spec §2 hides Change Password); another may connect Google when
 * the site offers it.
 */
export function GoogleSignInSection({
  profile,
  offered,
  inSection,
}: {
  profile: Profile;
  /** Whether the site offers Google sign-in (the page asks the auth feature). */
  offered: boolean;
  inSection: (body: ReactNode) => ReactNode;
}) {
  const emailLink = useEmailSetPasswordLink();
  const [params] = useSearchParams();
  const outcome = params.get(PROFILE_GOOGLE_PARAM);
  const shown = outcome === null ? null : (outcomes[outcome] ?? failed);

  if (!profile.googleId && !offered && !shown) return null;
  return inSection(
    <div className="profile-google">
      {shown && (
        <Callout intent={shown.intent} className="profile-google-outcome" role="status">
          {shown.text}
        </Callout>
      )}
      {profile.googleId ? (
        <>
          <p>Your account signs in with Google.</p>
          <p className="muted">To sign in with your email and a password as well, we can email you a link to set one.</p>
          <Button text="Email me a link to set a password" loading={emailLink.isPending} onClick={() => emailLink.mutate(profile.email)} />
        </>
      ) : offered ? (
        <>
          <p className="muted">Connect your Google account to sign in with it as well as with your password.</p>
          {/* A navigation to Google and back, not a call: a link that looks like a button. */}
          <a className={Classes.BUTTON} href={googleSignInPaths.connect}>
            <span className={Classes.BUTTON_TEXT}>Connect Google</span>
          </a>
        </>
      ) : null}
    </div>,
  );
}
