import { Button } from '@blueprintjs/core';
import { changePasswordRequestSchema, passwordsDontMatch, passwordTooShort } from '@contracts/account';
import { MIN_PASSWORD_LENGTH } from '@contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldErrors, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { toastError } from '../../../lib/toaster';
import { useChangePassword } from '../api/change-password';

const required = 'Please fill in all fields';
const MISMATCH = 'mismatch';
const TOO_SHORT = 'too_short';

/**
 * Spec §5: all three fields required; new and confirm equal, then at least 8 characters (checked
 * in that order). The request's own bounds come from the contract the route validates with.
 */
export const changePasswordFormSchema = z
  .object({
    currentPassword: changePasswordRequestSchema.shape.currentPassword,
    newPassword: z.string().min(1, required).max(200, 'Password must be at most 200 characters'),
    confirmPassword: z.string().min(1, required).max(200, 'Password must be at most 200 characters'),
  })
  .superRefine(({ newPassword, confirmPassword }, context) => {
    if (newPassword !== confirmPassword) context.addIssue({ code: 'custom', path: ['confirmPassword'], message: MISMATCH });
    else if (newPassword.length < MIN_PASSWORD_LENGTH) context.addIssue({ code: 'custom', path: ['newPassword'], message: TOO_SHORT });
  });
type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
const ORDER = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const empty: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Spec §2/§5/§8: Change Password (only for accounts without a Google sign-in). Mismatch and a short
 * password are the spec's toasts; success is "Password Changed" and the fields clear; a refusal is
 * the server's message or "Failed to change password", and the fields keep what was typed.
 */
export function ChangePasswordForm() {
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: empty });
  const change = useChangePassword({ onChanged: () => form.reset(empty) });
  const { errors } = form.formState;
  const messages = ORDER.map((name) => errors[name]?.message);
  const inline = messages.find((m) => typeof m === 'string' && m !== MISMATCH && m !== TOO_SHORT);

  const onInvalid = (invalid: FieldErrors<ChangePasswordForm>) => {
    const rule = ORDER.map((name) => invalid[name]?.message);
    if (rule.some((m) => typeof m === 'string' && m !== MISMATCH && m !== TOO_SHORT)) return;
    if (rule.includes(MISMATCH)) toastError(passwordsDontMatch.title, passwordsDontMatch.message);
    else if (rule.includes(TOO_SHORT)) toastError(passwordTooShort.title, passwordTooShort.message);
  };
  const onSubmit = form.handleSubmit(
    ({ currentPassword, newPassword }) => change.mutateAsync({ currentPassword, newPassword }).catch(() => undefined),
    onInvalid,
  );

  return (
    <form className="change-password-form" onSubmit={onSubmit} noValidate aria-label="Change Password">
      <FormError message={inline} />
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        registration={form.register('currentPassword')}
        invalid={!!errors.currentPassword}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        placeholder={`At least ${MIN_PASSWORD_LENGTH} characters`}
        registration={form.register('newPassword')}
        invalid={!!errors.newPassword}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        registration={form.register('confirmPassword')}
        invalid={!!errors.confirmPassword}
      />
      <Button type="submit" intent="primary" size="large" icon="key" text="Change Password" loading={change.isPending} />
    </form>
  );
}
