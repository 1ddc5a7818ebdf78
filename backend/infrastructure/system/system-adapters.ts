import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock, IdGenerator, Mailer, OutgoingEmail, PasswordHasher } from '../../application/ports/system';
import type { Database } from '../../application/ports/database';
import { defaultEmailTemplates, renderEmail, withoutVisitorText } from '../../application/email/email-templates';
import { normaliseEmail } from '../../domain/identity/email-claim';

export const systemClock: Clock = { now: () => new Date() };

export const uuidGenerator: IdGenerator = { next: () => randomUUID() };

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). */
export const argon2Hasher: PasswordHasher = {
  hash: (password) => hash(password, { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 }),
  verify: async (hashed, password) => {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  },
};

/**
 * Renders each email from its template's active wording (the built-in wording when the admin
 * switched the template off), with nothing anyone typed unless an account's holder confirmed the
 * recipient address (`withoutVisitorText`), writes it to the outbox as queued, and notes it in the log. The
 * SMTP sender (`email/email-sender.ts`) delivers the outbox when SMTP_URL is set. Bodies carry
 * reset links, which are credentials, and subjects personal data (a member's first name, a
 * ticket's subject): only in development (`logBodies`) does the log show them, where a developer
 * finds the link; elsewhere it names the template and the recipient's account id.
 */
export function outboxMailer(db: Kysely<Database>, logger: Logger, clock: Clock, options: { logBodies: boolean }): Mailer {
  return {
    async send(email: OutgoingEmail) {
      const row = await db.selectFrom('email_templates').select(['subject', 'html_body', 'is_active']).where('id', '=', email.template).executeTakeFirst();
      const wording = row?.is_active ? { subject: row.subject, htmlBody: row.html_body } : defaultEmailTemplates[email.template];
      const confirmed = await db
        .selectFrom('users')
        .select('id')
        .where('email_normalised', '=', normaliseEmail(email.to))
        .whereRef('confirmed_email', '=', 'email_normalised')
        .executeTakeFirst();
      const variables = email.variables as unknown as Record<string, string>;
      const rendered = renderEmail(wording, confirmed ? variables : withoutVisitorText(variables));
      const now = clock.now();
      await db
        .insertInto('email_outbox')
        .values({
          recipient: email.to,
          subject: rendered.subject,
          body: rendered.text,
          html: rendered.html,
          template: email.template,
          created_at: now,
          next_attempt_at: now,
          last_error: null,
          sent_at: null,
        })
        .execute();
      if (options.logBodies) logger.info({ to: email.to, subject: rendered.subject, body: rendered.text }, 'email queued in outbox');
      else logger.info({ template: email.template, recipientId: email.recipientId ?? null }, 'email queued in outbox');
    },
  };
}
