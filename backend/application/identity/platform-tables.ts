import { sql, type Generated, type Migration } from 'kysely';
import type { AuthAttemptsTables } from './auth-attempt-tables';
import type { EmailLinkTables } from './email-link-tables';
import type { GoogleSignInTables } from './google-sign-in-tables';

/** Plain tables (not event-sourced): only their current content matters. */

export interface SessionsTable {
  /** SHA-256 of the cookie's token: a leaked table does not yield usable sessions. */
  token_hash: string;
  user_id: string;
  /** `passwordFingerprint` of the password hash the session was opened with (sessions.ts). */
  password_fingerprint: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  last_seen_at: Date;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export type EmailStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface EmailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  /** The plain-text alternative. */
  body: string;
  /** The HTML the template rendered (null for emails queued before templates existed). */
  html: string | null;
  /** Which template it was rendered from. */
  template: string | null;
  created_at: Date;
  /** queued → sending (claimed by a sender until `next_attempt_at`) → sent, or back to queued, or failed. */
  status: Generated<EmailStatus>;
  attempts: Generated<number>;
  /** When a queued email is due, or when a sender's claim on a sending one lapses. */
  next_attempt_at: Date;
  last_error: string | null;
  sent_at: Date | null;
}

export interface PlatformTables extends AuthAttemptsTables, EmailLinkTables, GoogleSignInTables {
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_outbox: EmailOutboxTable;
}

export const platformTablesMigration: Migration = {
  async up(db) {
    await sql`
      create table sessions (
        token_hash text primary key,
        user_id text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        revoked_at timestamptz,
        last_seen_at timestamptz not null
      )`.execute(db);
    await sql`create index sessions_user on sessions (user_id)`.execute(db);
    await sql`
      create table sign_in_failures (
        id bigserial primary key,
        subject text not null,
        failed_at timestamptz not null
      )`.execute(db);
    await sql`create index sign_in_failures_subject on sign_in_failures (subject, failed_at)`.execute(db);
    await sql`
      create table password_reset_tokens (
        token_hash text primary key,
        user_id text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      )`.execute(db);
    await sql`
      create table email_outbox (
        id bigserial primary key,
        recipient text not null,
        subject text not null,
        body text not null,
        created_at timestamptz not null,
        sent_at timestamptz
      )`.execute(db);
  },
};

/**
 * Ties each session to the password it was opened with (`resolveSession`). Open sessions get
 * their account's current password; a session whose account is gone could never be used again
 * and is dropped.
 */
export const sessionPasswordFingerprintMigration: Migration = {
  async up(db) {
    await sql`alter table sessions add column password_fingerprint text`.execute(db);
    await sql`
      update sessions set password_fingerprint = encode(sha256(convert_to(users.password_hash, 'UTF8')), 'hex')
      from users where users.id = sessions.user_id`.execute(db);
    await sql`delete from sessions where password_fingerprint is null`.execute(db);
    await sql`alter table sessions alter column password_fingerprint set not null`.execute(db);
  },
};

/**
 * Delivery state on the outbox (issue 33): the SMTP sender claims due rows, marks them sent once,
 * retries with backoff and gives up as failed. Emails already there are queued and due at once;
 * those a worker had marked sent stay sent.
 */
export const emailOutboxDeliveryMigration: Migration = {
  async up(db) {
    await sql`alter table email_outbox add column html text`.execute(db);
    await sql`alter table email_outbox add column template text`.execute(db);
    await sql`alter table email_outbox add column status text not null default 'queued'`.execute(db);
    await sql`alter table email_outbox add column attempts integer not null default 0`.execute(db);
    await sql`alter table email_outbox add column next_attempt_at timestamptz`.execute(db);
    await sql`alter table email_outbox add column last_error text`.execute(db);
    await sql`update email_outbox set status = 'sent' where sent_at is not null`.execute(db);
    await sql`update email_outbox set next_attempt_at = created_at`.execute(db);
    await sql`alter table email_outbox alter column next_attempt_at set not null`.execute(db);
    await sql`alter table email_outbox add constraint email_outbox_status check (status in ('queued', 'sending', 'sent', 'failed'))`.execute(db);
    await sql`create index email_outbox_due on email_outbox (next_attempt_at, id) where status in ('queued', 'sending')`.execute(db);
  },
};
