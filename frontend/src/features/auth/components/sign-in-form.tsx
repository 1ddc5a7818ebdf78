import type { LoginRequest } from '@contracts/auth';
import type { FormNotice } from '@contracts/form-posts';
import { formPostPaths } from '@contracts/form-posts';
import { PlainButton, PlainTextField } from '../../../components/plain/plain-ui';
import { errorMessage } from '../../../lib/api-client';
import { firstProblem, useCheckedForm } from '../../../lib/checked-form';
import { PostedFormMessage } from './posted-form-message';

const FIELDS = ['email', 'password'] as const;
const loadSchema = () => import('@contracts/auth').then((contracts) => contracts.loginRequestSchema);

type Props = {
  /** Signs in (and goes on, spec §4); a failure is thrown and shown on the form. */
  signIn: (values: LoginRequest) => Promise<void>;
  onForgotPassword: () => void;
  notice: FormNotice | null;
  /** The /auth page's redirect query, posted with the form when the browser posts it itself. */
  redirect: string | null;
};

/**
 * Posted (never a GET: the password stays out of URLs) to the server's form route, which answers
 * a person who submits before the page's scripts run; the page sends it itself once they do.
 */
export function SignInForm({ signIn, onForgotPassword, notice, redirect }: Props) {
  const form = useCheckedForm(loadSchema, FIELDS);
  const send = async (values: LoginRequest) => {
    try {
      await signIn(values);
    } catch (error) {
      form.setRootProblem(errorMessage(error, 'Invalid email or password'));
    }
  };

  return (
    <form
      method="post"
      action={formPostPaths.signIn}
      {...form.formProps(send)}
      className="auth-form"
      aria-label="Sign in"
    >
      {redirect && <input type="hidden" name="redirect" value={redirect} />}
      <PostedFormMessage notice={notice} error={firstProblem(form.problems, FIELDS)} />
      <PlainTextField label="Email" name="email" type="email" autoComplete="email" placeholder="you@example.com" invalid={!!form.problems.email} />
      <PlainTextField label="Password" name="password" type="password" autoComplete="current-password" invalid={!!form.problems.password} />
      <div className="auth-form-row">
        <PlainButton minimal className="bp6-small" intent="primary" onClick={onForgotPassword}>
          Forgot password?
        </PlainButton>
      </div>
      <PlainButton type="submit" intent="primary" large fill loading={form.submitting}>
        Sign In
      </PlainButton>
    </form>
  );
}
