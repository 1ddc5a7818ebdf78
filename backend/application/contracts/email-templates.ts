import { z } from 'zod';
import { text } from './text';

/**
 * Email templates and the delivery log (back-office §2 Emails tab, §3 Email template, §7;
 * issue 33). Shared by the server and the React app.
 */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const placeholder = /\{\{\s*([a-zA-Z][a-zA-Z0-9]*)\s*\}\}/g;

/**
 * Fills each `{{name}}` of a template with its value, through `encode` (HTML-escaping in a body);
 * a placeholder without a value stays as written, so a typo shows in the preview. The server's
 * rendering and the Emails tab's preview both fill with it.
 */
export function fillPlaceholders(text: string, values: Record<string, string>, encode: (value: string) => string = (value) => value): string {
  return text.replace(placeholder, (whole, name: string) => (Object.hasOwn(values, name) ? encode(values[name]) : whole));
}

/** Bounds of an admin's edit (back-office §5: every string bounded). */
export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_HTML_MAX = 50_000;

/** An email template (back-office §3): `isActive` is the string 'true' or 'false'. */
export const emailTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  htmlBody: z.string(),
  isActive: z.enum(['true', 'false']),
  /** The placeholders this email fills, without braces (`firstName`). */
  placeholders: z.array(z.string()),
  updatedAt: z.string(),
});
export type EmailTemplateDto = z.infer<typeof emailTemplateSchema>;

/** GET /api/admin/email-templates */
export const emailTemplatesResponseSchema = z.array(emailTemplateSchema);

export const emailTemplateIdParamsSchema = z.object({
  id: text({ max: 100, tooLong: 'Email template not found' }).trim().min(1, 'Email template not found'),
});

export const emailSubjectRequiredMessage = 'Subject Line is required';
export const emailBodyRequiredMessage = 'HTML Body is required';

/** PATCH /api/admin/email-templates/{id}: any of the three; a field given may not be blank. */
export const updateEmailTemplateRequestSchema = z
  .object({
    subject: text({ max: EMAIL_SUBJECT_MAX, tooLong: `Subject Line must be at most ${EMAIL_SUBJECT_MAX} characters` })
      .trim()
      .min(1, emailSubjectRequiredMessage)
      .optional(),
    htmlBody: text({ max: EMAIL_HTML_MAX, tooLong: `HTML Body must be at most ${EMAIL_HTML_MAX} characters` })
      .trim()
      .min(1, emailBodyRequiredMessage)
      .optional(),
    isActive: z.enum(['true', 'false'], { error: "isActive must be 'true' or 'false'" }).optional(),
  })
  .refine((body) => body.subject !== undefined || body.htmlBody !== undefined || body.isActive !== undefined, {
    message: 'Nothing to update: send subject, htmlBody or isActive',
  });
export type UpdateEmailTemplateRequest = z.infer<typeof updateEmailTemplateRequestSchema>;

export const emailStatuses = ['queued', 'sending', 'sent', 'failed'] as const;

/** An email of the outbox, as the delivery log shows it (beyond the spec). Dates ISO 8601. */
export const outboxEmailSchema = z.object({
  id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  template: z.string().nullable(),
  status: z.enum(emailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type OutboxEmailDto = z.infer<typeof outboxEmailSchema>;

/** GET /api/admin/emails: the most recent emails, newest first, and whether SMTP delivery is on. */
export const outboxEmailsResponseSchema = z.object({
  delivery: z.enum(['smtp', 'outbox-only']),
  emails: z.array(outboxEmailSchema),
});
export type OutboxEmailsResponse = z.infer<typeof outboxEmailsResponseSchema>;

/** How many emails the delivery log shows. */
export const OUTBOX_LOG_SIZE = 50;
