import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import type { Logger } from 'pino';
import { DomainError } from '../../domain/shared/domain-error';
import type { PersonalDataEraser } from '../account/personal-data';
import type { ContactMessage, ContactMessageRequest, ContactMessagesPage } from '../contracts/contact';
import { CONTACT_MESSAGES_PAGE_SIZE } from '../contracts/contact';
import type { Database } from '../ports/database';
import type { Clock, IdGenerator, Mailer, OutgoingEmail } from '../ports/system';
import { dailyQuota, dailyQuotaMigration, untilNextUtcDay } from '../quotas/daily-quota';

/**
 * Contact messages (back-office §2 Contact page, §3, §7 POST /api/contact): what visitors and
 * members send from /contact, kept in a plain table for the admins (it is not a product fact
 * with a history: an inbox), and announced by email to the page's contact address. Each client
 * address may send CONTACT_MESSAGES_PER_DAY a UTC day (the daily quota visitors' trial
 * generations use), so the form cannot be used to flood the inbox or the mailer.
 */
export const CONTACT_MESSAGES_PER_DAY = 5;

export const contactMessagesMigration: Migration = {
  async up(db) {
    await sql`
      create table contact_messages (
        id text primary key,
        name text not null,
        email text not null,
        subject text not null,
        message text not null,
        created_at timestamptz not null
      )`.execute(db);
    await sql`create index contact_messages_newest on contact_messages (created_at desc, id desc)`.execute(db);
    await sql`create index contact_messages_email on contact_messages (lower(email))`.execute(db);
  },
};

export const contactSendsMigration: Migration = dailyQuotaMigration('contact_sends', 'client');

type Db = Kysely<Database> | Transaction<Database>;
/** Only today's count matters; yesterday's is kept for the day boundary. */
const sends = dailyQuota({ table: 'contact_sends', keyColumn: 'client', keepDays: 1 });

export const ContactLimitReached = (now: Date) =>
  new DomainError('contact_limit', 'limit', { perDay: CONTACT_MESSAGES_PER_DAY, retryAfterMs: untilNextUtcDay(now) });

/**
 * The notification of a new message to the team, through the 'contact-message' email template. It
 * says that a message arrived and where to read it, never what it says: the sender's personal data
 * stays in `contact_messages` alone, where the account erasure finds it.
 */
export function contactNotification(to: string, publicUrl: string): OutgoingEmail {
  return {
    to,
    template: 'contact-message',
    variables: { adminLink: `${publicUrl}/dashboard?tab=support`, appUrl: publicUrl },
  };
}

export interface ContactMessagesDeps {
  db: Kysely<Database>;
  clock: Clock;
  ids: IdGenerator;
  mailer: Mailer;
  log: Logger;
  /** Where notifications go: the contact page's email (saved content or the defaults). */
  notifyAddress: () => Promise<string>;
  /** The site's public address (PUBLIC_URL): the links in the notification start with it. */
  publicUrl: string;
}

export function createContactMessages({ db, clock, ids, mailer, log, notifyAddress, publicUrl }: ContactMessagesDeps) {
  return {
    /** Stores the message and sends the notification; `contact_limit` (429) once the client has sent its share today. */
    async send(message: ContactMessageRequest, client: string): Promise<{ id: string }> {
      const now = clock.now();
      const slot = await sends.reserve(db, client, now, CONTACT_MESSAGES_PER_DAY);
      if (!slot) throw ContactLimitReached(now);
      const id = ids.next();
      try {
        await db
          .insertInto('contact_messages')
          .values({ id, name: message.name, email: message.email, subject: message.subject, message: message.message, created_at: now })
          .execute();
      } catch (error) {
        await sends.release(db, slot);
        throw error;
      }
      // The message is kept whatever happens to the email: a failure to queue it is logged, not the sender's problem.
      try {
        await mailer.send(contactNotification(await notifyAddress(), publicUrl));
      } catch (error) {
        log.error({ err: error, contactMessageId: id }, 'could not queue the contact notification');
      }
      return { id };
    },

    /** Newest first, a page at a time (admins). */
    async list(page: number): Promise<ContactMessagesPage> {
      const pageSize = CONTACT_MESSAGES_PAGE_SIZE;
      const [rows, count] = await Promise.all([
        db
          .selectFrom('contact_messages')
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const messages: ContactMessage[] = rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        subject: row.subject,
        message: row.message,
        createdAt: new Date(row.created_at).toISOString(),
      }));
      return { messages, total: Number(count.n), page, pageSize };
    },
  };
}

export type ContactMessages = ReturnType<typeof createContactMessages>;

/** A person's contact messages go with their account, found by every address the account used. */
export const contactMessagesEraser = (db: Db): PersonalDataEraser => ({
  tables: ['contact_messages'],
  async erase({ emails }) {
    if (emails.length === 0) return;
    await db
      .deleteFrom('contact_messages')
      .where(sql<string>`lower(email)`, 'in', emails.map((email) => email.toLowerCase()))
      .execute();
  },
});
