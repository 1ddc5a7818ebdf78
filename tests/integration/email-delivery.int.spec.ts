import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailSender, smtpTransport } from '../../backend/infrastructure/email/email-sender';
import { staffMember } from '../support/member-data';
import { MovableClock } from '../support/movable-clock';
import { startSmtpServer } from '../support/smtp-test-server';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * Email delivery over SMTP (issue 33): the outbox is drained by the SMTP sender to a real local
 * SMTP server; the active template's wording is used; a refusing server is retried with
 * backoff and the email marked failed with its reason; two senders never deliver one email twice.
 */

const clock = new MovableClock();
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Awaited<ReturnType<typeof staffMember>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ PUBLIC_URL: 'https://skilly.example', SMTP_URL: smtp.url, EMAIL_FROM: 'Skilly <hello@skilly.example>' }, { clock });
  admin = await staffMember(t, 'admin');
});
afterAll(async () => {
  await t?.services.emailSender.stop();
  await t?.close();
  await smtp?.close();
});

const db = () => t.services.database.db;

async function signedUp(firstName = 'Ada') {
  const member = newMember({ firstName });
  expect((await new Client(t.url).post('/api/auth/signup', member)).status).toBe(201);
  return member;
}

/** Opens the confirmation link of the member's welcome email. */
async function confirmAddress(email: string) {
  await t.services.emailSender.sweep();
  const welcome = smtp.received.find((m) => m.to.includes(email) && m.subject.startsWith('Welcome to Skilly'))!;
  const token = decodeURIComponent(/https:\/\/skilly\.example\/confirm-email\?token=([^\s"<]+)/.exec(welcome.raw)![1]);
  const res = await new Client(t.url).post('/api/auth/confirm-email', { token });
  expect(res.status, res.text).toBe(200);
  expect(res.body.message).toBe('Your email address is confirmed. Thank you!');
}

async function requestReset(email: string) {
  expect((await new Client(t.url).post('/api/auth/forgot-password', { email })).status).toBe(200);
  await t.services.emailSender.sweep();
  const mails = smtp.received.filter((m) => m.to.includes(email) && !m.subject.startsWith('Welcome'));
  return mails.at(-1)!;
}

describe('delivery over SMTP', () => {
  it('sends the welcome email at sign-up and a password reset with the link on PUBLIC_URL, in the active template’s wording', async () => {
    const member = await signedUp();
    const mail = await requestReset(member.email);
    const welcome = smtp.received.find((m) => m.to.includes(member.email) && m.subject.startsWith('Welcome to Skilly'));
    expect(welcome?.subject).toBe('Welcome to Skilly: please confirm your email address');
    expect(welcome?.raw).toMatch(/https:\/\/skilly\.example\/confirm-email\?token=/);

    expect(mail.subject).toBe('Reset your Skilly password');
    expect(mail.raw).toMatch(/^From: Skilly <hello@skilly\.example>/m);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    expect(mail.raw).toMatch(/<a href="https:\/\/skilly\.example\/reset-password\?token=[^"]+"/);
    // The link in the email works.
    const token = decodeURIComponent(/https:\/\/skilly\.example\/reset-password\?token=([^\s"<]+)/.exec(mail.raw)![1]);
    expect((await new Client(t.url).post('/api/auth/reset-password', { token, password: 'a brand new secret' })).status).toBe(200);

    const rows = await db().selectFrom('email_outbox').selectAll().where('recipient', '=', member.email).orderBy('id').execute();
    expect(rows.map((r) => [r.template, r.status, Number(r.attempts)])).toEqual([
      ['welcome', 'sent', 1],
      ['password-reset', 'sent', 1],
    ]);
    expect(rows.every((r) => r.sent_at !== null && r.last_error === null)).toBe(true);
    // Sent once: a second sweep sends nothing.
    const before = smtp.received.length;
    expect(await t.services.emailSender.sweep()).toBe(0);
    expect(smtp.received.length).toBe(before);
  });

  it('uses an edited template for the next email (stored without its script), and the built-in wording once it is inactive', async () => {
    const edit = await admin.client.request('PATCH', '/api/admin/email-templates/password-reset', {
      subject: 'Your reset link, {{firstName}}',
      htmlBody: '<p>Hi {{firstName}}, <a href="{{resetLink}}">choose a password</a>.</p><script>alert(1)</script>',
    });
    expect(edit.status, edit.text).toBe(200);
    const member = await signedUp('Grace');
    // Until the address is confirmed, the name the visitor typed stays out of the email, even where the admin's wording asks for it.
    const unconfirmed = await requestReset(member.email);
    expect(unconfirmed.subject).toBe('Your reset link, there');
    expect(unconfirmed.raw).toContain('<p>Hi there, <a href="https://skilly.example/reset-password?token=');
    expect(unconfirmed.raw).not.toContain('Grace');
    await confirmAddress(member.email);
    const edited = await requestReset(member.email);
    expect(edited.subject).toBe('Your reset link, Grace');
    expect(edited.raw).toContain('<p>Hi Grace, <a href="https://skilly.example/reset-password?token=');
    expect(edited.raw).not.toContain('<script>');
    expect(edited.raw).toMatch(/choose a password: https:\/\/skilly\.example\/reset-password\?token=\S+/);

    expect((await admin.client.request('PATCH', '/api/admin/email-templates/password-reset', { isActive: 'false' })).status).toBe(200);
    const fallback = await requestReset(member.email);
    expect(fallback.subject).toBe('Reset your Skilly password');
    expect(fallback.raw).toContain('If it was not you, ignore this email');
  });
});

describe('billing emails', () => {
  it('sends subscription started when the member becomes Pro and subscription ended when it ends, once each', async () => {
    const member = newMember({ firstName: 'Payne' });
    const client = new Client(t.url);
    expect((await client.post('/api/auth/signup', member)).status).toBe(201);
    const checkout = await client.post('/api/stripe/create-checkout-session');
    expect((await client.post(`/api/stripe/test-checkout/${checkout.body.url.split('/').at(-1)}/pay`)).status).toBe(200);
    const portal = await client.post('/api/stripe/create-portal-session');
    expect((await client.post(`/api/stripe/test-portal/${portal.body.url.split('/').at(-1)}/cancel-subscription`)).status).toBe(200);
    try {
      clock.moveBy(32 * 24 * 60 * 60_000);
      await t.services.billingSweeper.sweep();
      await t.services.billingSweeper.sweep();
      await t.services.emailSender.sweep();
    } finally {
      clock.reset();
    }
    const subjects = smtp.received.filter((m) => m.to.includes(member.email)).map((m) => m.subject);
    expect(subjects).toEqual(['Welcome to Skilly: please confirm your email address', 'Welcome to Skilly Pro', 'Your Skilly Pro subscription has ended']);
    const ended = smtp.received.find((m) => m.to.includes(member.email) && m.subject.includes('ended'))!;
    expect(ended.raw).toContain('https://skilly.example/upsell');
  });
});

describe('a server that refuses', () => {
  it('retries with a doubling delay, then marks the email failed with the server’s reason', async () => {
    const refusing = await startSmtpServer({ refuse: () => 'Mailbox busy, try again later' });
    const clock = new MovableClock();
    const sender = createEmailSender({ db: db(), clock, transport: smtpTransport(refusing.url, 'Skilly <hello@skilly.example>'), maxAttempts: 3, retryBaseMs: 60_000 });
    try {
      await t.services.mailer.send({ to: 'busy@example.com', template: 'welcome', variables: { confirmLink: 'https://skilly.example/confirm-email?token=t', appUrl: 'https://skilly.example' } });
      const row = () => db().selectFrom('email_outbox').selectAll().where('recipient', '=', 'busy@example.com').executeTakeFirstOrThrow();

      expect(await sender.sweep()).toBe(0);
      let email = await row();
      expect([email.status, Number(email.attempts)]).toEqual(['queued', 1]);
      expect(email.last_error).toContain('451');
      expect(email.last_error).toContain('Mailbox busy, try again later');
      expect(new Date(email.next_attempt_at).getTime() - clock.now().getTime()).toBeGreaterThan(55_000);

      // Not due yet: nothing is tried.
      await sender.sweep();
      expect(Number((await row()).attempts)).toBe(1);

      clock.moveBy(60_000);
      await sender.sweep();
      email = await row();
      expect([email.status, Number(email.attempts)]).toEqual(['queued', 2]);
      expect(new Date(email.next_attempt_at).getTime() - clock.now().getTime()).toBeGreaterThan(115_000);

      clock.moveBy(120_000);
      await sender.sweep();
      email = await row();
      expect([email.status, Number(email.attempts), email.sent_at]).toEqual(['failed', 3, null]);
      expect(email.last_error).toContain('Mailbox busy, try again later');

      clock.moveBy(24 * 60 * 60_000);
      await sender.sweep();
      expect(Number((await row()).attempts)).toBe(3);
      expect(refusing.received).toHaveLength(0);

      const log = await admin.client.get('/api/admin/emails');
      expect(log.status).toBe(200);
      expect(log.body.delivery).toBe('smtp');
      expect(log.body.emails.find((e: { recipient: string }) => e.recipient === 'busy@example.com')).toMatchObject({
        status: 'failed',
        attempts: 3,
        lastError: expect.stringContaining('Mailbox busy'),
        sentAt: null,
      });
    } finally {
      await sender.stop();
      await refusing.close();
    }
  });
});

describe('two senders on one outbox', () => {
  it('deliver each email exactly once when they drain it at the same time', async () => {
    const counting = await startSmtpServer();
    const senders = [1, 2].map(() =>
      createEmailSender({ db: db(), clock: t.services.clock, transport: smtpTransport(counting.url, 'Skilly <hello@skilly.example>'), batchSize: 3 }),
    );
    try {
      const recipients = Array.from({ length: 24 }, (_, i) => `pair-${i}@example.com`);
      for (const to of recipients) await t.services.mailer.send({ to, template: 'welcome', variables: { confirmLink: 'https://skilly.example/confirm-email?token=t', appUrl: 'https://skilly.example' } });
      const sent = await Promise.all(senders.map((s) => s.sweep()));
      expect(sent[0] + sent[1]).toBe(recipients.length);
      const delivered = counting.received.flatMap((m) => m.to).filter((to) => to.startsWith('pair-')).sort();
      expect(delivered).toEqual([...recipients].sort());
      const rows = await db().selectFrom('email_outbox').select(['status', 'attempts']).where('recipient', 'like', 'pair-%').execute();
      expect(rows.every((r) => r.status === 'sent' && Number(r.attempts) === 1)).toBe(true);
    } finally {
      for (const s of senders) await s.stop();
      await counting.close();
    }
  });
});
