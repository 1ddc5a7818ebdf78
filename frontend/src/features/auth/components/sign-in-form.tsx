import { Button } from '@blueprintjs/core';
import { type LoginRequest, loginRequestSchema } from '@contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { firstError } from './first-error';

type Props = { onAuthenticated: () => Promise<void>; onForgotPassword: () => void; onStart: () => void; onFail: () => void };

export function SignInForm({ onAuthenticated, onForgotPassword, onStart, onFail }: Props) {
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
    <form onSubmit={onSubmit} noValidate className="auth-form" aria-label="Sign in">
      <FormError message={firstError(errors, ['email', 'password'])} />
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
