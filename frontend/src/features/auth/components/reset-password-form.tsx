import './auth.css';
import { Button, Callout } from '@blueprintjs/core';
import { resetPasswordFormSchema } from '@contracts/auth';
import { formPostPaths } from '@contracts/form-posts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { RouterButton } from '../../../components/ui/router-button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { useFormNotice } from '../api/form-notice';
import { useResetPassword } from '../api/reset-password';
import { PostedFormMessage } from './posted-form-message';

type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** The page the emailed link opens: /reset-password?token=… Posted, like the sign-in form (see there). */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const notice = useFormNotice('resetPassword');
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { token: token ?? '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (!token) {
    return (
      <Callout intent="warning" title="This reset link is incomplete">
        <p>Open the link from the email again, or ask for a new one.</p>
        <RouterButton to="/auth?tab=signin" text="Back to Sign In" />
      </Callout>
    );
  }

  const onSubmit = form.handleSubmit(async ({ token: t, password }) => {
    try {
      const { message } = await reset.mutateAsync({ token: t, password });
      toast({ title: 'Password updated', description: message, intent: 'success' });
      navigate('/auth?tab=signin', { replace: true });
    } catch (error) {
      form.setError('root', { message: errorMessage(error, 'Failed to process password reset') });
    }
  });

  return (
    <form method="post" action={formPostPaths.resetPassword} onSubmit={onSubmit} noValidate className="auth-form" aria-label="Choose a new password">
      <input type="hidden" name="token" value={token} />
      <PostedFormMessage
        notice={notice}
        error={errors.token?.message ?? errors.password?.message ?? errors.confirmPassword?.message ?? errors.root?.message}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        placeholder="At least 8 characters"
        registration={form.register('password')}
        invalid={!!errors.password}
        autoFocus
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        registration={form.register('confirmPassword')}
        invalid={!!errors.confirmPassword}
      />
      <Button type="submit" intent="primary" size="large" fill loading={isSubmitting} text="Set New Password" />
    </form>
  );
}
