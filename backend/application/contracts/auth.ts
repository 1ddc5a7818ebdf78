import { z } from 'zod';
import { text } from './text';

/** Shared by the fastify routes (validation, OpenAPI, response filtering) and the React forms. */

export const roleSchema = z.enum(['free', 'pro', 'moderator', 'admin']);

export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  profilePicture: z.string().nullable(),
  country: z.string().nullable(),
  googleId: z.string().nullable(),
  /** The string 'true' when the account is disabled, as the spec's clients expect. */
  disabled: z.enum(['true', 'false']),
  ideasGenerated: z.number().int(),
  activePlans: z.number().int(),
  milestoneCredits: z.number().int(),
  helpCredits: z.number().int(),
  creditsResetAt: z.string().nullable(),
  tokenUsage: z.number().int(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const MIN_PASSWORD_LENGTH = 8;

export const loginRequestSchema = z.object({
  email: text({ max: 254, tooLong: 'Email is too long' }).trim().min(1, 'Please enter both email and password'),
  password: text({ max: 200, tooLong: 'Password must be at most 200 characters' }).min(1, 'Please enter both email and password'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

const required = 'Please fill in all fields';
export const signupRequestSchema = z.object({
  firstName: text({ max: 100, tooLong: 'First name must be at most 100 characters' }).trim().min(1, required),
  lastName: text({ max: 100, tooLong: 'Last name must be at most 100 characters' }).trim().min(1, required),
  email: text({ max: 254, tooLong: 'Email is too long' }).trim().min(1, required).pipe(z.email('Please enter a valid email address')),
  password: text({ max: 200, tooLong: 'Password must be at most 200 characters' })
    .min(1, required)
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
    .max(200, 'Password must be at most 200 characters'),
  /** Accepted for compatibility and ignored: every signup is a free member. */
  role: text({ max: 50 }).optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** The sign-up form adds the confirmation, which never leaves the browser. */
export const signupFormSchema = signupRequestSchema
  .omit({ role: true })
  .extend({ confirmPassword: z.string().min(1, required) })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

/** Connects Google to the existing account whose email it has, once its password is given (issue 52). */
export const googleLinkRequestSchema = z.object({
  token: text({ max: 200 }).min(1, 'This step has expired or was already used. Please continue with Google again.'),
  password: text({ max: 200, tooLong: 'Password must be at most 200 characters' }).min(1, 'Please enter your password'),
});
export type GoogleLinkRequest = z.infer<typeof googleLinkRequestSchema>;

export const authProvidersSchema = z.object({ google: z.boolean() });

export const forgotPasswordRequestSchema = z.object({
  email: text({ max: 254, tooLong: 'Email is too long' })
    .trim()
    .min(1, 'Please enter your email address')
    .pipe(z.email('Please enter a valid email address')),
});

export const resetPasswordRequestSchema = z.object({
  token: text({ max: 200, tooLong: 'The reset link is not valid' }).min(1, 'The reset link is incomplete'),
  password: text({ max: 200, tooLong: 'Password must be at most 200 characters' })
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
    .max(200, 'Password must be at most 200 characters'),
});

/** The reset form adds the confirmation, which is checked where the form is (browser or server) and never sent on. */
/** The token of an emailed confirmation or restore link (issue 48). */
export const emailLinkRequestSchema = z.object({
  token: text({ max: 200, tooLong: 'This link is not valid' }).min(1, 'This link is incomplete'),
});
export type EmailLinkRequest = z.infer<typeof emailLinkRequestSchema>;

export const resetPasswordFormSchema = resetPasswordRequestSchema
  .extend({ confirmPassword: z.string().min(1, 'Please fill in all fields') })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

export const messageResponseSchema = z.object({ message: z.string() });

/** Every 4xx/5xx body: a message the UI can show, a stable code for 4xx. */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
});
