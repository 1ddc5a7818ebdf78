import type { GoogleLinkRequest } from '@contracts/auth';
import type { FormNotice } from '@contracts/form-posts';
import { formPostPaths } from '@contracts/form-posts';
import { PlainButton, PlainTextField } from '../../../components/plain/plain-ui';
import { errorMessage } from '../../../lib/api-client';
import { firstProblem, useCheckedForm } from '../../../lib/checked-form';
import { PostedFormMessage } from './posted-form-message';

const FIELDS = ['token', 'password'] as const;
const loadSchema = () => import('@contracts/auth').then((contracts) => contracts.googleLinkRequestSchema);

type Props = {
  /** The offer the Google sign-in left (the page's `link-google` query). */
  token: string;
  /** Connects Google with the account's password and signs in (then goes on, spec §4); a failure is thrown and shown on the form. */
  linkGoogle: (values: GoogleLinkRequest) => Promise<void>;
  notice: FormNotice | null;
  redirect: string | null;
};

/**
 * After "Continue with Google" with an email an account with a password already has (issue 52):
 * Google is connected to that account only once its password is given here, never silently.
 * Posted (never a GET) to the server's form route before the page's scripts run.
 */
export function LinkGoogleForm({ token, linkGoogle, notice, redirect }: Props) {
  const form = useCheckedForm(loadSchema, FIELDS);
  const send = async (values: GoogleLinkRequest) => {
    try {
      await linkGoogle(values);
    } catch (error) {
      form.setRootProblem(errorMessage(error, 'Invalid email or password'));
    }
  };

  return (
    <form method="post" action={formPostPaths.linkGoogle} {...form.formProps(send)} className="auth-form" aria-label="Connect your Google account">
      <h2 className="auth-title">Connect your Google account</h2>
      <p className="muted">
        You already have a Skilly account with this email address. Enter its password to connect your Google account to it: after that you can sign
        in either way.
      </p>
      <input type="hidden" name="token" value={token} />
      {redirect && <input type="hidden" name="redirect" value={redirect} />}
      <PostedFormMessage notice={notice} error={firstProblem(form.problems, FIELDS)} />
      <PlainTextField label="Password" name="password" type="password" autoComplete="current-password" invalid={!!form.problems.password} />
      <PlainButton type="submit" intent="primary" large fill loading={form.submitting}>
        Connect and sign in
      </PlainButton>
      <p className="muted">
        <a href="/auth?tab=signin">Not now: sign in another way</a>
      </p>
    </form>
  );
}
