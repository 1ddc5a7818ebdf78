import { Button } from '@blueprintjs/core';
import { forgotPasswordRequestSchema } from '@contracts/auth';
import { formPostPaths } from '@contracts/form-posts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { type ForgotPasswordRequest, useForgotPassword } from '../api/forgot-password';
import { PostedFormMessage } from './posted-form-message';

export function ForgotPasswordForm({ onDone }: { onDone: () => void }) {
  const forgot = useForgotPassword();
  const form = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { message } = await forgot.mutateAsync(values);
      toast({ title: 'Check your email', description: message, intent: 'success' });
      onDone();
    } catch (error) {
      form.setError('root', { message: errorMessage(error, 'Failed to process password reset') });
    }
  });

  return (
    <form method="post" action={formPostPaths.forgotPassword} onSubmit={onSubmit} noValidate className="auth-form" aria-label="Reset password">
      <p className="muted">Enter the email address of your account and we will send you a link to choose a new password.</p>
      <PostedFormMessage form="forgotPassword" error={errors.email?.message ?? errors.root?.message} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        registration={form.register('email')}
        invalid={!!errors.email}
        autoFocus
      />
      <Button type="submit" intent="primary" size="large" fill loading={isSubmitting} text="Send Reset Link" />
      <Button variant="minimal" fill onClick={onDone} text="Back to Sign In" icon="arrow-left" />
    </form>
  );
}
