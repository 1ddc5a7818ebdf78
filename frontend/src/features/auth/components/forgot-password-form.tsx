import type { FormNotice } from '@contracts/form-posts';
import { formPostPaths } from '@contracts/form-posts';
import { PlainButton, PlainTextField } from '../../../components/plain/plain-ui';
import { errorMessage } from '../../../lib/api-client';
import { useCheckedForm } from '../../../lib/checked-form';
import { toast } from '../../../lib/toaster';
import { PostedFormMessage } from './posted-form-message';

const FIELDS = ['email'] as const;
const loadSchema = () => import('@contracts/auth').then((contracts) => contracts.forgotPasswordRequestSchema);

type Props = {
  /** Asks for the reset link; answers the server's message, or throws. */
  forgotPassword: (values: { email: string }) => Promise<string>;
  onDone: () => void;
  notice: FormNotice | null;
};

export function ForgotPasswordForm({ forgotPassword, onDone, notice }: Props) {
  const form = useCheckedForm(loadSchema, FIELDS);
  const send = async (values: { email: string }) => {
    try {
      const message = await forgotPassword(values);
      toast({ title: 'Check your email', description: message, intent: 'success' });
      onDone();
    } catch (error) {
      form.setRootProblem(errorMessage(error, 'Failed to process password reset'));
    }
  };

  return (
    <form
      method="post"
      action={formPostPaths.forgotPassword}
      {...form.formProps(send)}
      className="auth-form"
      aria-label="Reset password"
    >
      <p className="muted">Enter the email address of your account and we will send you a link to choose a new password.</p>
      <PostedFormMessage notice={notice} error={form.problems.email ?? form.problems.root} />
      <PlainTextField label="Email" name="email" type="email" autoComplete="email" placeholder="you@example.com" invalid={!!form.problems.email} autoFocus />
      <PlainButton type="submit" intent="primary" large fill loading={form.submitting}>
        Send Reset Link
      </PlainButton>
      <PlainButton minimal fill icon="arrow-left" onClick={onDone}>
        Back to Sign In
      </PlainButton>
    </form>
  );
}
