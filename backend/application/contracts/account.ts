import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './auth';
import { subscriptionResponseSchema } from './billing';
import { isCountry } from './countries';
import { text } from './text';

/** Profile, picture, password, deletion and export (member-product §2 Profile settings, §5, §7, §8). */

/** GET /api/user/profile, and the answer of PATCH. */
export const profileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  country: z.string().nullable(),
  profilePicture: z.string().nullable(),
  googleId: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * PATCH /api/user/profile. `country`: one of `countries`, or null/'' for none. `profilePicture`:
 * only the picture the account already has (unchanged) or null/'' (removed): a picture is set
 * by uploading it, never by naming a URL.
 */
export const updateProfileRequestSchema = z.object({
  firstName: text({ max: 100, tooLong: 'First name must be at most 100 characters' }).trim().min(1, 'First name is required'),
  lastName: text({ max: 100, tooLong: 'Last name must be at most 100 characters' }).trim().min(1, 'Last name is required'),
  email: text({ max: 254, tooLong: 'Email is too long' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Please enter a valid email address')),
  country: text({ max: 100, tooLong: 'Please choose a country from the list' })
    .trim()
    .refine((name) => name === '' || isCountry(name), 'Please choose a country from the list')
    .nullable()
    .optional(),
  profilePicture: text({ max: 300, tooLong: 'Upload a picture to change it' }).nullable().optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** The form's own checks (member-product §5), which never leave the browser as such. */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** POST /api/user/sign-out-everywhere's answer (issue 52). */
export const signedOutEverywhereMessage = 'You have been signed out of every session. Please sign in again.';

export const profilePictureTooLarge = { title: 'File too large', message: 'Profile picture must be less than 5MB' } as const;
export const profilePictureWrongType = { title: 'Invalid file type', message: 'Please upload a JPEG or PNG image' } as const;
/** The multipart field of POST /api/user/upload-profile-picture. */
export const PROFILE_PICTURE_FIELD = 'profilePicture';

/** POST /api/user/upload-profile-picture answers the picture's URL (served by GET /api/files/…). */
export const uploadProfilePictureResponseSchema = z.object({ profilePicture: z.string() });

/** POST /api/user/change-password. The confirmation is the form's business (`changePasswordFormSchema`). */
export const changePasswordRequestSchema = z.object({
  currentPassword: text({ max: 200, tooLong: 'Password must be at most 200 characters' }).min(1, 'Please fill in all fields'),
  newPassword: text({ max: 200, tooLong: 'Password must be at most 200 characters' })
    .min(1, 'Please fill in all fields')
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const passwordsDontMatch = { title: "Passwords don't match", message: 'New password and confirm password must match' } as const;
export const passwordTooShort = { title: 'Password too short', message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long` } as const;

/** DELETE /api/user/account answers this sentence (the toast's description). */
export const accountDeletedMessage = 'Your account and all data have been permanently deleted';
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/**
 * GET /api/user/export: everything the product holds about the member, as one JSON download
 * (`Content-Disposition: attachment; filename="skilly-data-<date>.json"`). Sections are plain
 * JSON in the shapes the member's own screens read (ideas, plans, tickets), plus the histories.
 */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: profileSchema.extend({ id: z.string(), role: z.string(), createdAt: z.string() }),
  ideaSets: z.array(z.unknown()),
  /** Each plan as the plan screen reads it, with `history`: its events, oldest first. */
  plans: z.array(z.unknown()),
  /** Each ticket with its `messages`. */
  supportTickets: z.array(z.unknown()),
  /** The credit statement (every consumption, refund and reset). */
  creditStatement: z.unknown(),
  subscription: subscriptionResponseSchema.nullable(),
  payments: z.array(z.unknown()),
})
  // A section a slice added later is sent too (each slice declares its own: `Slice.exportSections`).
  .catchall(z.unknown());
export type AccountExport = z.infer<typeof accountExportSchema>;
