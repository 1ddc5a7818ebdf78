import { Button } from '@blueprintjs/core';
import { type LoginRequest, loginRequestSchema } from '@contracts/auth';
import { formPostPaths } from '@contracts/form-posts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { firstError } from './first-error';
import { PostedFormMessage } from './posted-form-message';

type Props = {
  onAuthenticated: () => Promise<void>;
  onForgotPassword: () => void;
  onStart: () => void;
  onFail: () => void;
  /** The /auth page's redirect query, posted with the form when the browser posts it itself. */
  redirect: string | null;
};

/**
 * Posted (never a GET: the password stays out of URLs) to the server's form route, which answers
 * a person who submits before the app's scripts run; the app handles it once they do.
 */
export function SignInForm({ onAuthenticated, onForgotPassword, onStart, onFail, redirect }: Props) {
  const login = useLogin();
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    onStart();
    try {
      await login.mutateAsync(values);
    } catch (error) {
      onFail();
      form.setError('root', { message: errorMessage(error, 'Invalid email or password') });
      return;
    }
    await onAuthenticated();
  });

  return (
    <form method="post" action={formPostPaths.signIn} onSubmit={onSubmit} noValidate className="auth-form" aria-label="Sign in">
      {redirect && <input type="hidden" name="redirect" value={redirect} />}
      <PostedFormMessage form="signIn" error={firstError(errors, ['email', 'password'])} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        registration={form.register('email')}
        invalid={!!errors.email}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        registration={form.register('password')}
        invalid={!!errors.password}
      />
      <div className="auth-form-row">
        <Button variant="minimal" size="small" intent="primary" onClick={onForgotPassword} text="Forgot password?" />
      </div>
      <Button type="submit" intent="primary" size="large" fill loading={isSubmitting} text="Sign In" />
    </form>
  );
}
