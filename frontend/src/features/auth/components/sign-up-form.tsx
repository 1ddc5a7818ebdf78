import type { SignupRequest, signupFormSchema } from '@contracts/auth';
import type { FormNotice } from '@contracts/form-posts';
import { formPostPaths } from '@contracts/form-posts';
import type { z } from 'zod';
import { PlainButton, PlainTextField } from '../../../components/plain/plain-ui';
import { errorMessage } from '../../../lib/api-client';
import { firstProblem, useCheckedForm } from '../../../lib/checked-form';
import { PostedFormMessage } from './posted-form-message';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;
const loadSchema = () => import('@contracts/auth').then((contracts) => contracts.signupFormSchema);
const REQUIRED = 'Please fill in all fields';

type Props = {
  /** Creates the account and signs in (spec §4); a failure is thrown and shown on the form. */
  signUp: (values: Omit<SignupRequest, 'role'>) => Promise<void>;
  notice: FormNotice | null;
  /** The /auth page's redirect query, posted with the form when the browser posts it itself. */
  redirect: string | null;
};

/** Posted, like the sign-in form (see there). */
export function SignUpForm({ signUp, notice, redirect }: Props) {
  const form = useCheckedForm(loadSchema, FIELDS);
  const send = async ({ confirmPassword: _confirm, ...values }: z.output<typeof signupFormSchema>) => {
    try {
      await signUp(values);
    } catch (error) {
      form.setRootProblem(errorMessage(error, 'Failed to create account'));
    }
  };

  // "Please fill in all fields" comes first whenever any field is empty (spec §5).
  const message = FIELDS.some((name) => form.problems[name] === REQUIRED) ? REQUIRED : firstProblem(form.problems, FIELDS);

  return (
    <form
      method="post"
      action={formPostPaths.signUp}
      {...form.formProps(send)}
      className="auth-form"
      aria-label="Create account"
    >
      {redirect && <input type="hidden" name="redirect" value={redirect} />}
      <PostedFormMessage notice={notice} error={message} />
      <div className="auth-form-names">
        <PlainTextField label="First Name" name="firstName" autoComplete="given-name" invalid={!!form.problems.firstName} />
        <PlainTextField label="Last Name" name="lastName" autoComplete="family-name" invalid={!!form.problems.lastName} />
      </div>
      <PlainTextField label="Email" name="email" type="email" autoComplete="email" placeholder="you@example.com" invalid={!!form.problems.email} />
      <PlainTextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder="At least 8 characters"
        invalid={!!form.problems.password}
      />
      <PlainTextField label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" invalid={!!form.problems.confirmPassword} />
      <PlainButton type="submit" intent="primary" large fill loading={form.submitting}>
        Create Account
      </PlainButton>
    </form>
  );
}
