import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock, IdGenerator, Mailer, OutgoingEmail, PasswordHasher } from '../../application/ports/system';
import type { Database } from '../../application/ports/database';

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
 * Writes each email to the outbox table, and notes it in the log. A sending worker (SMTP, an
 * email API) reads the outbox. Bodies carry reset links, which are credentials: only in
 * development (`logBodies`) does the log show them, where a developer finds the link.
 */
export function outboxMailer(db: Kysely<Database>, logger: Logger, clock: Clock, options: { logBodies: boolean }): Mailer {
  return {
    async send(email: OutgoingEmail) {
      await db
        .insertInto('email_outbox')
        .values({ recipient: email.to, subject: email.subject, body: email.text, created_at: clock.now(), sent_at: null })
        .execute();
      if (options.logBodies) logger.info({ to: email.to, subject: email.subject, body: email.text }, 'email queued in outbox');
      else logger.info({ subject: email.subject }, 'email queued in outbox');
    },
  };
}
