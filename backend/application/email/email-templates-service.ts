import type { Kysely } from 'kysely';
import type { UserActor } from '../../domain/shared/actor';
import { DomainError } from '../../domain/shared/domain-error';
import {
  OUTBOX_LOG_SIZE,
  type EmailTemplateDto,
  type OutboxEmailsResponse,
  type UpdateEmailTemplateRequest,
} from '../contracts/email-templates';
import type { Database } from '../ports/database';
import type { Clock } from '../ports/system';
import type { EmailTemplatesTable } from './email-tables';
import { emailPlaceholders, sanitizeEmailHtml, type EmailTemplateKey } from './email-templates';

export const EmailTemplateNotFound = () => new DomainError('email_template_not_found', 'not_found');
/** Nothing was left of the HTML once scripts and handlers were removed. */
export const EmailBodyEmptyAfterSanitising = () => new DomainError('email_template_body_empty', 'invalid');

export interface EmailTemplatesDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Whether an SMTP sender delivers the outbox (SMTP_URL set). */
  smtpDelivery: boolean;
}

function toDto(row: EmailTemplatesTable): EmailTemplateDto {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    htmlBody: row.html_body,
    isActive: row.is_active ? 'true' : 'false',
    placeholders: [...(emailPlaceholders[row.id as EmailTemplateKey] ?? [])],
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** The admin's Emails tab: the templates (a plain table, design §2) and the outbox's delivery log. */
export function createEmailTemplatesService(deps: EmailTemplatesDeps) {
  const { db, clock } = deps;
  return {
    async list(): Promise<EmailTemplateDto[]> {
      const rows = await db.selectFrom('email_templates').selectAll().orderBy('name').execute();
      return rows.map(toDto);
    },

    /** Saves the fields given; the HTML is stored sanitised (no scripts, handlers or javascript: links). */
    async update(admin: UserActor, id: string, change: UpdateEmailTemplateRequest): Promise<EmailTemplateDto> {
      const htmlBody = change.htmlBody === undefined ? undefined : sanitizeEmailHtml(change.htmlBody).trim();
      if (htmlBody === '') throw EmailBodyEmptyAfterSanitising();
      const row = await db
        .updateTable('email_templates')
        .set({
          ...(change.subject !== undefined ? { subject: change.subject } : {}),
          ...(htmlBody !== undefined ? { html_body: htmlBody } : {}),
          ...(change.isActive !== undefined ? { is_active: change.isActive === 'true' } : {}),
          updated_at: clock.now(),
          updated_by: admin.userId,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw EmailTemplateNotFound();
      return toDto(row);
    },

    /** The most recent emails of the outbox, newest first (recipient shown: the log is for admins). */
    async recentEmails(): Promise<OutboxEmailsResponse> {
      const rows = await db
        .selectFrom('email_outbox')
        .select(['id', 'recipient', 'subject', 'template', 'status', 'attempts', 'last_error', 'created_at', 'next_attempt_at', 'sent_at'])
        .orderBy('id', 'desc')
        .limit(OUTBOX_LOG_SIZE)
        .execute();
      return {
        delivery: deps.smtpDelivery ? 'smtp' : 'outbox-only',
        emails: rows.map((row) => ({
          id: String(row.id),
          recipient: row.recipient,
          subject: row.subject,
          template: row.template,
          status: row.status,
          attempts: Number(row.attempts),
          lastError: row.last_error,
          createdAt: new Date(row.created_at).toISOString(),
          nextAttemptAt: row.status === 'queued' || row.status === 'sending' ? iso(row.next_attempt_at) : null,
          sentAt: iso(row.sent_at),
        })),
      };
    },
  };
}

export type EmailTemplatesService = ReturnType<typeof createEmailTemplatesService>;
