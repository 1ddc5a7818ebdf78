import nodemailer from 'nodemailer';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../application/ports/database';
import type { Clock } from '../../application/ports/system';
import { periodicSweep } from '../../application/event-sourcing/periodic-sweep';

/** One email as it leaves: the sender's address is the transport's business. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

export interface EmailTransport {
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

/** Nodemailer over SMTP_URL (`smtp://user:pass@host:587` upgrades with STARTTLS when offered; `smtps://` is TLS from the start). */
export function smtpTransport(url: string, from: string): EmailTransport {
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
  return {
    async send(message) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) });
    },
    close: () => transporter.close(),
  };
}

export interface EmailSenderDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** null: no SMTP_URL, emails stay queued in the outbox (and were logged when queued). */
  transport: EmailTransport | null;
  /** Attempts before an email is marked failed (default 5). */
  maxAttempts?: number;
  /** The first retry's delay; each next one doubles it (default 1 minute: 1, 2, 4, 8 minutes). */
  retryBaseMs?: number;
  /** How long a claim holds: a sender that died mid-send leaves its emails to another after this (default 5 minutes). */
  claimMs?: number;
  /** Emails claimed at a time (default 10). */
  batchSize?: number;
  intervalMs?: number;
  log?: { info(obj: object, msg: string): void; warn?(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

interface Claimed {
  id: number | string;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  attempts: number;
}

export const LAST_ERROR_MAX = 1000;

/**
 * Delivers the outbox (issue 33). Each sweep claims due emails in one short transaction
 * (`for update skip locked`, status `sending`, the claim good until `next_attempt_at`), sends
 * them outside it, then marks each sent, or queued again after a doubling delay, or failed after
 * `maxAttempts` with the reason. Two senders (two servers, two workers) never claim the same row;
 * the marks name the attempt they claimed, so a sender whose claim lapsed cannot overwrite a
 * newer one. Only a crash between the SMTP server's acceptance and the mark can send an email
 * twice (SMTP has no idempotency key): at least once, never twice in normal running.
 */
export function createEmailSender(deps: EmailSenderDeps) {
  const { db, clock, transport } = deps;
  const maxAttempts = deps.maxAttempts ?? 5;
  const retryBaseMs = deps.retryBaseMs ?? 60_000;
  const claimMs = deps.claimMs ?? 5 * 60_000;
  const batchSize = deps.batchSize ?? 10;
  const log = deps.log ?? { info: () => {}, error: () => {} };

  async function claim(): Promise<Claimed[]> {
    const now = clock.now();
    const claimUntil = new Date(now.getTime() + claimMs);
    const { rows } = await sql<Claimed>`
      update email_outbox set status = 'sending', attempts = attempts + 1, next_attempt_at = ${claimUntil}
      where id in (
        select id from email_outbox
        where status in ('queued', 'sending') and next_attempt_at <= ${now}
        order by next_attempt_at, id
        limit ${batchSize}
        for update skip locked)
      returning id, recipient, subject, body, html, attempts`.execute(db);
    // RETURNING keeps no order: oldest first, as they were queued.
    return rows.map((row) => ({ ...row, attempts: Number(row.attempts) })).sort((a, b) => Number(a.id) - Number(b.id));
  }

  async function deliver(email: Claimed): Promise<boolean> {
    try {
      await transport!.send({ to: email.recipient, subject: email.subject, text: email.body, html: email.html });
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, LAST_ERROR_MAX);
      const failed = email.attempts >= maxAttempts;
      const retryAt = new Date(clock.now().getTime() + retryBaseMs * 2 ** (email.attempts - 1));
      await db
        .updateTable('email_outbox')
        .set({ status: failed ? 'failed' : 'queued', last_error: reason, next_attempt_at: retryAt })
        .where('id', '=', Number(email.id))
        .where('status', '=', 'sending')
        .where('attempts', '=', email.attempts)
        .execute();
      const entry = { emailId: email.id, attempts: email.attempts, reason };
      if (failed) log.error(entry, 'email delivery failed for good');
      else log.info(entry, 'email delivery failed; will retry');
      return false;
    }
    await db
      .updateTable('email_outbox')
      .set({ status: 'sent', sent_at: clock.now(), last_error: null })
      .where('id', '=', Number(email.id))
      .where('status', '=', 'sending')
      .where('attempts', '=', email.attempts)
      .execute();
    log.info({ emailId: email.id }, 'email sent');
    return true;
  }

  /** Sends every email due now; answers how many were sent. */
  async function sweep(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (;;) {
      const claimed = await claim();
      for (const email of claimed) if (await deliver(email)) sent += 1;
      if (claimed.length < batchSize) return sent;
    }
  }

  const timer = periodicSweep(sweep, { intervalMs: deps.intervalMs ?? 10_000, name: 'email sender', log });
  return {
    enabled: transport !== null,
    sweep,
    start() {
      if (!transport) {
        log.info({}, 'no SMTP_URL: emails stay queued in the outbox (see the log for each one)');
        return;
      }
      timer.start();
    },
    async stop() {
      await timer.stop();
      transport?.close();
    },
  };
}

export type EmailSender = ReturnType<typeof createEmailSender>;
