import { Button, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { type Profile, updateProfileRequestSchema } from '@contracts/account';
import { countries } from '@contracts/countries';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { useUpdateProfile } from '../api/update-profile';

type ProfileFormValues = z.input<typeof updateProfileRequestSchema>;
const ORDER = ['firstName', 'lastName', 'email', 'country'] as const;

/**
 * Spec §2/§5: First Name, Last Name, Email (required, typed as email), Country (the fixed list, or
 * none), the read-only Account Type the page hands in, and Update Profile. The picture is not
 * sent: it changes by uploading only.
 */
export function ProfileForm({ profile, accountType }: { profile: Profile; accountType: ReactNode }) {
  const form = useForm<ProfileFormValues, unknown, z.output<typeof updateProfileRequestSchema>>({
    resolver: zodResolver(updateProfileRequestSchema),
    defaultValues: { firstName: profile.firstName, lastName: profile.lastName, email: profile.email, country: profile.country ?? '' },
  });
  const update = useUpdateProfile();
  const { errors } = form.formState;
  const message = ORDER.map((name) => errors[name]?.message).find((m) => typeof m === 'string');

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await update.mutateAsync({ ...values, country: values.country ?? '' }).catch(() => undefined);
    if (saved === undefined) return;
    // What was saved becomes the form's starting point (the server's own reading when it sent one).
    form.reset(
      saved
        ? { firstName: saved.firstName, lastName: saved.lastName, email: saved.email, country: saved.country ?? '' }
        : { firstName: values.firstName, lastName: values.lastName, email: values.email, country: values.country ?? '' },
    );
  });
  const { ref: countryRef, ...country } = form.register('country');

  return (
    <form className="profile-form" onSubmit={onSubmit} noValidate aria-label="Profile">
      <FormError message={message} />
      <div className="profile-form-names">
        <TextField label="First Name" autoComplete="given-name" registration={form.register('firstName')} invalid={!!errors.firstName} />
        <TextField label="Last Name" autoComplete="family-name" registration={form.register('lastName')} invalid={!!errors.lastName} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" registration={form.register('email')} invalid={!!errors.email} />
      <FormGroup label="Country" labelFor="field-country">
        <HTMLSelect id="field-country" ref={countryRef} fill large autoComplete="country-name" {...country}>
          <option value="">Select a country</option>
          {countries.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {accountType}
      <Button type="submit" intent="primary" size="large" icon="floppy-disk" text="Update Profile" loading={update.isPending} />
    </form>
  );
}
