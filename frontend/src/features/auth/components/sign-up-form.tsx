import { Button } from '@blueprintjs/core';
import { signupFormSchema } from '@contracts/auth';
import { formPostPaths } from '@contracts/form-posts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useSignup } from '../api/signup';
import { firstError } from './first-error';
import { PostedFormMessage } from './posted-form-message';

type SignupForm = z.input<typeof signupFormSchema>;
type Props = {
  onAuthenticated: () => Promise<void>;
  onStart: () => void;
  onFail: () => void;
  /** The /auth page's redirect query, posted with the form when the browser posts it itself. */
  redirect: string | null;
};

const ORDER = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;

/** Posted, like the sign-in form (see there). */
export function SignUpForm({ onAuthenticated, onStart, onFail, redirect }: Props) {
  const signup = useSignup();
  const form = useForm<SignupForm, unknown, z.output<typeof signupFormSchema>>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    onStart();
    try {
      await signup.mutateAsync(values);
    } catch (error) {
      onFail();
      form.setError('root', { message: errorMessage(error, 'Failed to create account') });
      return;
    }
    await onAuthenticated();
  });

  // "Please fill in all fields" comes first whenever any field is empty (spec §5).
  const emptyMessage = ORDER.map((name) => errors[name]?.message).find((m) => m === 'Please fill in all fields');
  const message = emptyMessage ?? firstError(errors, ORDER);

  return (
    <form method="post" action={formPostPaths.signUp} onSubmit={onSubmit} noValidate className="auth-form" aria-label="Create account">
      {redirect && <input type="hidden" name="redirect" value={redirect} />}
      <PostedFormMessage form="signUp" error={message} />
      <div className="auth-form-names">
        <TextField label="First Name" autoComplete="given-name" registration={form.register('firstName')} invalid={!!errors.firstName} />
        <TextField label="Last Name" autoComplete="family-name" registration={form.register('lastName')} invalid={!!errors.lastName} />
      </div>
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
        autoComplete="new-password"
        placeholder="At least 8 characters"
        registration={form.register('password')}
        invalid={!!errors.password}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        registration={form.register('confirmPassword')}
        invalid={!!errors.confirmPassword}
      />
      <Button type="submit" intent="primary" size="large" fill loading={isSubmitting} text="Create Account" />
    </form>
  );
}
