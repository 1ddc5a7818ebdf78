import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES_PER_DAY } from '../../backend/application/contact/contact-messages';
import { defaultCompanyContent } from '../../backend/application/contracts/company-content';
import { defaultContactContent } from '../../backend/application/contracts/contact';
import { bootstrapAdmin } from '../../backend/infrastructure/composition-root';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * The public pages' API (issue 34, back-office §3, §5, §7): company and contact texts with their
 * defaults, admin-only sanitised saves, founder pictures, and the contact form (its §5 messages,
 * the per-address limit, the message kept for the admins and the notification email).
 */
let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password-1' });
  await bootstrapAdmin(t.services);
  await t.services.runner.catchUpAll();
  admin = new Client(t.url);
  expect((await admin.post('/api/auth/login', { email: 'admin@example.com', password: 'admin-password-1' })).status).toBe(200);
});
afterAll(async () => t.close());

const db = () => t.services.database.db;
const storedMessages = () => db().selectFrom('contact_messages').selectAll().orderBy('created_at').execute();
const outbox = () => db().selectFrom('email_outbox').selectAll().orderBy('id').execute();
const visitor = () => new Client(t.url);
const valid = { name: 'Grace Hopper', email: 'grace@example.com', subject: 'A question about plans', message: 'How do milestones work for Pro members?' };

async function member() {
  const client = new Client(t.url);
  expect((await client.post('/api/auth/signup', newMember())).status).toBe(201);
  return client;
}

describe('company and contact content', () => {
  it('serves the §3 defaults before anything is saved: two founders with 8 badges each, the contact texts', async () => {
    const company = await visitor().get('/api/company-content');
    expect(company.status).toBe(200);
    expect(company.body).toEqual(defaultCompanyContent);
    expect(company.body.founders).toHaveLength(2);
    for (const founder of company.body.founders) {
      expect(founder.badges.map((b: { label: string }) => b.label)).toEqual(['Role', 'Focus', 'XP Level', 'Stack', 'Timezone', 'Fiverr Level', 'Projects', 'Vibe']);
    }
    const contact = await visitor().get('/api/contact-content');
    expect(contact.status).toBe(200);
    expect(contact.body).toEqual(defaultContactContent);
    expect(contact.body.locationValue).toBe('Available worldwide');
    expect(contact.body.hoursValue).toBe('Monday - Friday: 9:00 AM - 6:00 PM EST');
    expect(contact.body.responseDescription).toContain('24-48 hours');
    expect(contact.body.responseDescription).toContain("'urgent'");
  });

  it('lets an admin save the company page; the subtitle keeps the toolbar formatting, scripts and handlers are removed everywhere', async () => {
    const content = structuredClone(defaultCompanyContent);
    content.subtitle = '<span style="color: #16a34a">Green</span> <b>bold</b><script>alert(1)</script><img src=x onerror=alert(1)>';
    content.founders[0]!.name = 'Ada <img src=x onerror=alert(1)>Lovelace';
    const saved = await admin.put('/api/admin/company-content', { content });
    expect(saved.status).toBe(200);
    const served = (await visitor().get('/api/company-content')).body;
    expect(served.subtitle).toBe('<span style="color:#16a34a">Green</span> <b>bold</b>');
    expect(served.founders[0].name).toBe('Ada Lovelace');
    expect(JSON.stringify(served)).not.toMatch(/<script|onerror/);
  });

  it('lets an admin save the contact page as plain text; visitors then see it', async () => {
    const content = { ...defaultContactContent, title: 'Talk to us <script>alert(1)</script>', subtitle: 'Q&A <b onclick="x()">welcome</b>' };
    const saved = await admin.put('/api/admin/contact-content', { content });
    expect(saved.status).toBe(200);
    const served = (await visitor().get('/api/contact-content')).body;
    expect(served.title).toBe('Talk to us ');
    expect(served.subtitle).toBe('Q&A welcome');
  });

  it('refuses members and visitors on every admin call, and changes nothing', async () => {
    const before = { company: (await visitor().get('/api/company-content')).body, contact: (await visitor().get('/api/contact-content')).body };
    const asMember = await member();
    const company = { content: { ...defaultCompanyContent, title: 'Hacked' } };
    const contact = { content: { ...defaultContactContent, title: 'Hacked' } };
    expect((await asMember.put('/api/admin/company-content', company)).status).toBe(403);
    expect((await asMember.put('/api/admin/contact-content', contact)).status).toBe(403);
    expect((await asMember.get('/api/admin/contact-messages')).status).toBe(403);
    expect((await visitor().put('/api/admin/company-content', company)).status).toBe(401);
    expect((await visitor().put('/api/admin/contact-content', contact)).status).toBe(401);
    expect((await visitor().get('/api/admin/contact-messages')).status).toBe(401);
    expect((await visitor().get('/api/company-content')).body).toEqual(before.company);
    expect((await visitor().get('/api/contact-content')).body).toEqual(before.contact);
  });

  it('refuses links that could run code and texts over their bounds, with a message', async () => {
    const content = structuredClone(defaultCompanyContent);
    content.founders[0]!.fiverrUrl = 'javascript:alert(1)';
    const badLink = await admin.put('/api/admin/company-content', { content });
    expect(badLink.status).toBe(400);
    expect(badLink.body.message).toMatch(/Links/);
    const long = await admin.put('/api/admin/contact-content', { content: { ...defaultContactContent, title: 'x'.repeat(201) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Text must be at most 200 characters');
  });

  it('refuses a contact email that is not an address (notifications go there), and keeps the saved one', async () => {
    const before = (await visitor().get('/api/contact-content')).body;
    const refused = await admin.put('/api/admin/contact-content', { content: { ...defaultContactContent, emailValue: 'write to us' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The contact email must be a valid email address');
    expect((await visitor().get('/api/contact-content')).body).toEqual(before);
  });
});

describe('founder images', () => {
  async function upload(client: Client | null, bytes: Buffer, { filename = 'f.png', type = 'image/png', field = 'founderImage' } = {}) {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
    const headers: Record<string, string> = client ? { cookie: `skilly_session=${client.sessionCookie}` } : {};
    const response = await fetch(new URL('/api/admin/upload-founder-image', t.url), { method: 'POST', body: form, headers });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }
  const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 200, b: 10 } } }).png().toBuffer();

  it('stores an admin’s picture re-encoded under founder-images/ and serves it', async () => {
    const uploaded = await upload(admin, await png());
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.imageUrl).toMatch(/^\/api\/files\/founder-images\/[A-Za-z0-9]+\.png$/);
    const served = await fetch(new URL(uploaded.body.imageUrl, t.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(40);
  });

  it('takes any image type (§5): a WebP and a GIF are stored as they are, a large one fitted inside 1600 px', async () => {
    const webp = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#0000ff' } }).webp().toBuffer();
    const storedWebp = await upload(admin, webp, { filename: 'f.webp', type: 'image/webp' });
    expect(storedWebp.body.imageUrl).toMatch(/^\/api\/files\/founder-images\/[A-Za-z0-9]+\.webp$/);
    const served = await sharp(Buffer.from(await (await fetch(new URL(storedWebp.body.imageUrl, t.url))).arrayBuffer())).metadata();
    expect([served.format, served.width, served.height]).toEqual(['webp', 1600, 800]);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } }).gif().toBuffer();
    expect((await upload(admin, gif, { filename: 'f.gif', type: 'image/gif' })).body.imageUrl).toMatch(/\.gif$/);
  });

  it('refuses a file that is not an image whatever its name says, and members', async () => {
    const refused = await upload(admin, Buffer.from('<svg onload="alert(1)"></svg>'), { filename: 'face.png' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Only image files are allowed');
    const wrongField = await upload(admin, await png(), { field: 'image' });
    expect(wrongField.status).toBe(400);
    expect((await upload(await member(), await png())).status).toBe(403);
    expect((await upload(null, await png())).status).toBe(401);
  });
});

describe('POST /api/contact', () => {
  beforeEach(async () => {
    await db().deleteFrom('contact_sends').execute();
  });

  it('stores the message for the admins and tells the page’s contact address, without the message, where to read it', async () => {
    const mailsBefore = (await outbox()).length;
    const sent = await visitor().post('/api/contact', valid);
    expect(sent.status).toBe(201);
    const stored = await storedMessages();
    expect(stored.at(-1)).toMatchObject(valid);
    const mails = (await outbox()).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    const saved = (await visitor().get('/api/contact-content')).body;
    expect(mails[0]!.recipient).toBe(saved.emailValue);
    // The email says where to read the message, never what it says (erasure empties contact_messages only).
    expect(mails[0]!.template).toBe('contact-message');
    expect(mails[0]!.html).toContain('/dashboard?tab=support');
    for (const personal of [valid.name, valid.email, valid.subject, valid.message]) {
      expect(JSON.stringify(mails[0])).not.toContain(personal);
    }

    const listed = await admin.get('/api/admin/contact-messages');
    expect(listed.status).toBe(200);
    expect(listed.body.messages[0]).toMatchObject(valid);
    expect(listed.body.total).toBe(stored.length);
  });

  it.each([
    ['name', { name: 'G' }, 'Name must be at least 2 characters'],
    ['name (blank)', { name: '   ' }, 'Name must be at least 2 characters'],
    ['email', { email: 'not-an-address' }, 'Invalid email address'],
    ['subject', { subject: 'Hi' }, 'Subject must be at least 5 characters'],
    ['message', { message: 'Too short' }, 'Message must be at least 10 characters'],
    ['name (missing)', { name: undefined }, 'Name must be at least 2 characters'],
    ['message (too long)', { message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
  ])('refuses a wrong %s with the §5 message and stores nothing', async (_field, change, message) => {
    const before = await storedMessages();
    const mailsBefore = (await outbox()).length;
    const refused = await visitor().post('/api/contact', { ...valid, ...change });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message);
    expect(await storedMessages()).toEqual(before);
    expect((await outbox()).length).toBe(mailsBefore);
  });

  it(`takes ${CONTACT_MESSAGES_PER_DAY} messages a day from one address, then answers 429 and stores nothing`, async () => {
    for (let i = 0; i < CONTACT_MESSAGES_PER_DAY; i++) {
      expect((await visitor().post('/api/contact', { ...valid, subject: `Question number ${i}` })).status).toBe(201);
    }
    const before = await storedMessages();
    const limited = await visitor().post('/api/contact', valid);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(`You can send at most ${CONTACT_MESSAGES_PER_DAY} contact messages a day. Please try again tomorrow.`);
    expect(await storedMessages()).toEqual(before);
  });

  it('pages the admin list newest first', async () => {
    const listed = await admin.get('/api/admin/contact-messages?page=1');
    const times = listed.body.messages.map((m: { createdAt: string }) => m.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(listed.body.pageSize).toBe(20);
    const far = await admin.get('/api/admin/contact-messages?page=99');
    expect(far.body.messages).toEqual([]);
  });
});
