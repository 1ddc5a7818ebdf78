import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMember } from '../support/member-data';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * The Emails tab's API (back-office §2, §3 Email template, §7; issue 33): admins only; the five
 * seeded templates; edits validated, sanitised and kept; 404 for an unknown template; the
 * delivery log; without SMTP_URL emails stay queued.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof staffMember>>;
let moderator: Awaited<ReturnType<typeof staffMember>>;
let member: Client;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://skilly.example' });
  admin = await staffMember(t, 'admin');
  moderator = await staffMember(t, 'moderator');
  member = new Client(t.url);
  expect((await member.post('/api/auth/signup', newMember())).status).toBe(201);
});
afterAll(async () => t?.close());

const patch = (client: Client, id: string, body: unknown) => client.request('PATCH', `/api/admin/email-templates/${id}`, body);
const row = (id: string) => t.services.database.db.selectFrom('email_templates').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('who may', () => {
  it('answers admins only: 401 for a visitor, 403 for a member or a moderator, nothing changed', async () => {
    const before = await row('welcome');
    for (const [client, status] of [[new Client(t.url), 401], [member, 403], [moderator.client, 403]] as const) {
      expect((await client.get('/api/admin/email-templates')).status).toBe(status);
      expect((await client.get('/api/admin/emails')).status).toBe(status);
      expect((await patch(client, 'welcome', { subject: 'Hacked' })).status).toBe(status);
    }
    expect(await row('welcome')).toEqual(before);
  });
});

describe('the templates', () => {
  it('lists the emails the product sends (the five of issue 33, the contact notification, the address emails, the Google sign-in help), active, with their placeholders', async () => {
    const res = await admin.client.get('/api/admin/email-templates');
    expect(res.status).toBe(200);
    expect(res.body.map((x: { id: string }) => x.id).sort()).toEqual([
      'contact-message',
      'email-changed',
      'email-confirmation',
      'google-sign-in-help',
      'password-reset',
      'subscription-ended',
      'subscription-started',
      'ticket-reply',
      'welcome',
    ]);
    expect(res.body.find((x: { id: string }) => x.id === 'google-sign-in-help')).toMatchObject({ isActive: 'true', placeholders: ['firstName', 'resetLink', 'appUrl'] });
    const reset = res.body.find((x: { id: string }) => x.id === 'password-reset');
    expect(reset).toMatchObject({ name: 'Password reset', subject: 'Reset your Skilly password', isActive: 'true', placeholders: ['firstName', 'resetLink', 'appUrl'] });
    expect(reset.htmlBody).toContain('{{resetLink}}');
  });

  it('saves a subject, an HTML body and the active switch, and names the admin who did', async () => {
    const res = await patch(admin.client, 'ticket-reply', { subject: '  Re: {{ticketSubject}}  ', htmlBody: '<p>Hi {{firstName}}</p>', isActive: 'false' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: 'ticket-reply', subject: 'Re: {{ticketSubject}}', htmlBody: '<p>Hi {{firstName}}</p>', isActive: 'false' });
    expect(await row('ticket-reply')).toMatchObject({ subject: 'Re: {{ticketSubject}}', is_active: false, updated_by: admin.userId });
    const listed = (await admin.client.get('/api/admin/email-templates')).body.find((x: { id: string }) => x.id === 'ticket-reply');
    expect(listed).toMatchObject({ subject: 'Re: {{ticketSubject}}', isActive: 'false' });
    expect((await patch(admin.client, 'ticket-reply', { isActive: 'true' })).body).toMatchObject({ isActive: 'true', subject: 'Re: {{ticketSubject}}' });
  });

  it('stores the HTML without scripts, handlers or javascript: links', async () => {
    const res = await patch(admin.client, 'welcome', {
      htmlBody: '<p onclick="steal()" style="color:#333">Hello {{firstName}}</p><script>alert(1)</script><a href="javascript:alert(2)">x</a><img src="https://a.example/logo.png" onerror="alert(3)" alt="Skilly">',
    });
    expect(res.status).toBe(200);
    const stored = (await row('welcome')).html_body;
    expect(stored).toContain('<p style="color:#333">Hello {{firstName}}</p>');
    expect(stored).toContain('<img src="https://a.example/logo.png" alt="Skilly" />');
    expect(stored).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it('refuses blank, too long or wrongly typed fields and an empty change with 400, changing nothing', async () => {
    const before = await row('subscription-started');
    const cases: [unknown, RegExp][] = [
      [{ subject: '   ' }, /Subject Line is required/],
      [{ htmlBody: '' }, /HTML Body is required/],
      [{ htmlBody: '<script>alert(1)</script>' }, /HTML Body is empty/],
      [{ subject: 'x'.repeat(201) }, /at most 200/],
      [{ htmlBody: 'x'.repeat(50_001) }, /at most 50000/],
      [{ isActive: true }, /isActive/],
      [{ isActive: 'yes' }, /isActive/],
      [{}, /Nothing to update/],
    ];
    for (const [body, message] of cases) {
      const res = await patch(admin.client, 'subscription-started', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await row('subscription-started')).toEqual(before);
  });

  it('answers 404 "Email template not found" for an unknown template', async () => {
    const res = await patch(admin.client, 'no-such-template', { subject: 'Hello' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Email template not found');
  });
});

describe('the delivery log without SMTP_URL', () => {
  it('keeps emails queued in the outbox and shows them newest first with their state', async () => {
    const signup = newMember({ firstName: 'Queued' });
    expect((await new Client(t.url).post('/api/auth/signup', signup)).status).toBe(201);
    expect(t.services.emailSender.enabled).toBe(false);
    expect(await t.services.emailSender.sweep()).toBe(0);
    const res = await admin.client.get('/api/admin/emails');
    expect(res.status).toBe(200);
    expect(res.body.delivery).toBe('outbox-only');
    expect(res.body.emails[0]).toMatchObject({ recipient: signup.email, subject: 'Welcome to Skilly: please confirm your email address', template: 'welcome', status: 'queued', attempts: 0, lastError: null, sentAt: null });
  });
});
