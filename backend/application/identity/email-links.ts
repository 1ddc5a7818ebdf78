import { sql, type Kysely, type Migration } from 'kysely';
import type { Database } from '../ports/database';
import type { EmailLinkPurpose } from './email-link-tables';
import { digestToken, newToken } from './sessions';

/**
 * One-time links mailed to an address (issue 48), kept like reset links (only their digest):
 * - `confirm`: the welcome email's link; opening it records that the holder of `email` has it;
 * - `restore`: the notice to the previous address after an email change; opening it within
 *   7 days puts `email` back on the account and ends every session.
 */
export const emailLinkTokensMigration: Migration = {
  async up(db) {
    await sql`
      create table email_link_tokens (
        token_hash text primary key,
        purpose text not null check (purpose in ('confirm', 'restore')),
        user_id text not null,
        email text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      )`.execute(db);
    await sql`create index email_link_tokens_user on email_link_tokens (user_id)`.execute(db);
  },
};

export const EMAIL_LINK_LIFETIME_MS: Record<EmailLinkPurpose, number> = {
  confirm: 7 * 24 * 60 * 60_000,
  restore: 7 * 24 * 60 * 60_000,
};

/** Stores a new link for `email` and answers its token (the only copy: it goes into the email). */
export async function issueEmailLink(db: Kysely<Database>, purpose: EmailLinkPurpose, userId: string, email: string, now: Date): Promise<string> {
  const token = newToken();
  await db
    .insertInto('email_link_tokens')
    .values({
      token_hash: digestToken(token),
      purpose,
      user_id: userId,
      email,
      created_at: now,
      expires_at: new Date(now.getTime() + EMAIL_LINK_LIFETIME_MS[purpose]),
      used_at: null,
    })
    .execute();
  return token;
}

/** Marks the link used, once: the account and address it was for, or undefined (unknown, used or expired). */
export async function useEmailLink(
  db: Kysely<Database>,
  purpose: EmailLinkPurpose,
  token: string,
  now: Date,
): Promise<{ userId: string; email: string } | undefined> {
  const used = await db
    .updateTable('email_link_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', digestToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'email'])
    .executeTakeFirst();
  return used && { userId: used.user_id, email: used.email };
}
