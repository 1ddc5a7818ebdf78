import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyAllowances } from '../../backend/application/contracts/allowances';
import { proPrice } from '../../backend/application/contracts/billing';
import { platformCategories } from '../../backend/application/contracts/platforms';
import { starterFaqs, starterPlatforms } from '../../backend/application/content/starter-content';
import { migrateToLatest } from '../../backend/infrastructure/database/migrations';
import { staffMember } from '../support/member-data';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';
import { product } from '../../backend/infrastructure/slices/product-slices';

/**
 * Platform links and FAQs (back-office §2 Platforms and FAQs tabs, /faqs; §3, §5, §7): the admin
 * routes under /api/admin/skilly-urls and /api/admin/faqs, the public reads /api/skilly-urls and
 * /api/faqs, through real HTTP on a real database.
 */

let t: TestApp;
let admin: Client;
let visitor: Client;
const others: Record<string, Client> = {};
beforeAll(async () => {
  t = await startTestApp();
  admin = (await staffMember(t, 'admin')).client;
  others.moderator = (await staffMember(t, 'moderator')).client;
  const free = new Client(t.url);
  expect((await free.post('/api/auth/signup', newMember())).status).toBe(201);
  others.free = free;
  visitor = new Client(t.url);
  others.visitor = visitor;
});
afterAll(async () => t?.close());

const link = { platformName: 'Fiverr', category: 'Freelance Marketplaces', url: 'https://www.fiverr.com', logoUrl: 'https://example.com/fiverr.png', description: 'Sell gigs worldwide.' };
const publicLinks = async () => (await visitor.get('/api/skilly-urls')).body as { id: string; platformName: string }[];
const publicFaqs = async () => (await visitor.get('/api/faqs')).body as { id: string; question: string; orderIndex: number }[];

describe('a fresh install', () => {
  it('has the starter FAQ and a directory of real platforms over the 12 categories, which admins edit or delete like any entry and which never come back', async () => {
    const faqs = await publicFaqs();
    expect(faqs.map((faq) => faq.question)).toEqual(starterFaqs.map((faq) => faq.question));
    expect(faqs.map((faq) => faq.orderIndex)).toEqual(faqs.map((_, i) => i + 1));
    const answers = (await visitor.get('/api/faqs')).body.map((faq: { answer: string }) => faq.answer).join('\n');
    // Worded from the rules that decide them: the allowances, the Pro price, the refund window, support.
    const { free, pro } = monthlyAllowances;
    expect(answers).toContain(`${free.idea} idea set, ${free.plan} action plans, ${free.milestone} milestone credits and ${free.help} help requests`);
    expect(answers).toContain(`${pro.idea} idea sets, ${pro.plan} action plans, ${pro.milestone} milestone credits and ${pro.help} help requests`);
    expect(answers).toContain(`$${proPrice.amount} a month`);
    expect(answers).toContain('within 7 days');
    expect(answers).toContain('24-48 hours');

    const links = (await visitor.get('/api/skilly-urls')).body as { id: string; platformName: string; category: string; url: string }[];
    expect(links.map((l) => l.platformName)).toEqual(starterPlatforms.map((p) => p.platformName));
    expect(new Set(links.map((l) => l.category))).toEqual(new Set(platformCategories));
    for (const l of links) expect(l.url).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+(\/|$)/);

    // Admins change them like any other entry...
    const [firstFaq, secondFaq] = faqs;
    expect((await admin.request('DELETE', `/api/admin/faqs/${firstFaq.id}`)).status).toBe(200);
    expect((await admin.request('PATCH', `/api/admin/faqs/${secondFaq.id}`, { answer: 'Our own words.' })).status).toBe(200);
    const fiverr = links.find((l) => l.platformName === 'Fiverr')!;
    expect((await admin.request('DELETE', `/api/admin/skilly-urls/${fiverr.id}`)).status).toBe(200);

    // ...and a restart (which runs the migrations not yet run) brings nothing back.
    expect(await migrateToLatest(t.services.database.db, product.readModels)).toEqual([]);
    const after = await publicFaqs();
    expect(after.map((faq) => faq.id)).not.toContain(firstFaq.id);
    expect(after).toHaveLength(starterFaqs.length - 1);
    expect((await visitor.get('/api/faqs')).body.find((faq: { id: string }) => faq.id === secondFaq.id).answer).toBe('Our own words.');
    expect((await publicLinks()).map((l) => l.platformName)).not.toContain('Fiverr');
  });
});

describe('who may change platform links and FAQs', () => {
  it('a visitor is told to sign in, free members and moderators are refused, and nothing changes', async () => {
    const saved = await admin.post('/api/admin/skilly-urls', link);
    const faq = await admin.post('/api/admin/faqs', { question: 'Who may edit?', answer: 'Admins.' });
    expect([saved.status, faq.status]).toEqual([201, 201]);
    const before = [await publicLinks(), await publicFaqs()];
    for (const [role, client] of Object.entries(others)) {
      const expected = role === 'visitor' ? 401 : 403;
      const answers = await Promise.all([
        client.get('/api/admin/skilly-urls'),
        client.post('/api/admin/skilly-urls', link),
        client.request('PUT', `/api/admin/skilly-urls/${saved.body.id}`, { ...link, platformName: 'Taken over' }),
        client.request('DELETE', `/api/admin/skilly-urls/${saved.body.id}`),
        client.get('/api/admin/faqs'),
        client.post('/api/admin/faqs', { question: 'Q', answer: 'A' }),
        client.request('PATCH', `/api/admin/faqs/${faq.body.id}`, { question: 'Taken over' }),
        client.request('DELETE', `/api/admin/faqs/${faq.body.id}`),
      ]);
      expect(answers.map((a) => a.status), role).toEqual(answers.map(() => expected));
    }
    expect([await publicLinks(), await publicFaqs()]).toEqual(before);
  });
});

describe('platform links', () => {
  it('what the admin adds, replaces and deletes is what everyone reads', async () => {
    const added = await admin.post('/api/admin/skilly-urls', { ...link, platformName: 'Etsy', category: 'E-Commerce & Print-On-Demand', url: 'https://www.etsy.com', logoUrl: '/api/files/blog-images/abc123.png' });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ platformName: 'Etsy', category: 'E-Commerce & Print-On-Demand', logoUrl: '/api/files/blog-images/abc123.png' });
    expect(await publicLinks()).toContainEqual(added.body);

    const replaced = await admin.request('PUT', `/api/admin/skilly-urls/${added.body.id}`, { platformName: '  Etsy Shops ', category: 'Freelance Marketplaces', url: 'http://etsy.com/shops', logoUrl: '', description: '' });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body).toEqual({ ...added.body, platformName: 'Etsy Shops', category: 'Freelance Marketplaces', url: 'http://etsy.com/shops', logoUrl: null, description: null });
    expect((await admin.get('/api/admin/skilly-urls')).body).toContainEqual(replaced.body);
    expect(await publicLinks()).toContainEqual(replaced.body);

    const deleted = await admin.request('DELETE', `/api/admin/skilly-urls/${added.body.id}`);
    expect(deleted.status).toBe(200);
    expect((await publicLinks()).map((l) => l.id)).not.toContain(added.body.id);
    const again = await admin.request('DELETE', `/api/admin/skilly-urls/${added.body.id}`);
    expect([again.status, again.body.message]).toEqual([404, 'Resource link not found']);
  });

  it('accepts every one of the 12 categories', async () => {
    for (const category of platformCategories) {
      const added = await admin.post('/api/admin/skilly-urls', { platformName: `P ${category}`, category, url: 'https://example.com' });
      expect(added.status, category).toBe(201);
    }
  });

  it.each([
    [{ ...link, platformName: '   ' }, 'Platform name is required'],
    [{ category: link.category, url: link.url }, 'Platform name is required'],
    [{ ...link, category: '' }, 'Category is required'],
    [{ ...link, category: 'Crypto Casinos' }, 'Please choose one of the platform categories'],
    [{ ...link, url: '' }, 'URL is required'],
    [{ platformName: 'X', category: link.category }, 'URL is required'],
    [{ ...link, url: 'javascript:alert(1)' }, 'The URL must start with http:// or https://'],
    [{ ...link, url: 'www.fiverr.com' }, 'The URL must start with http:// or https://'],
    [{ ...link, logoUrl: 'data:image/png;base64,AAAA' }, 'The logo must be an https address or an uploaded image'],
    [{ ...link, logoUrl: '/api/files/../../etc/passwd' }, 'The logo must be an https address or an uploaded image'],
    [{ ...link, logoUrl: 'http://example.com/fiverr.png' }, 'The logo must be an https address or an uploaded image'],
    [{ ...link, description: 'x'.repeat(2001) }, 'A description has at most 2000 characters'],
  ])('refuses %j with its message and saves nothing', async (body, message) => {
    const before = await publicLinks();
    const answer = await admin.post('/api/admin/skilly-urls', body);
    expect([answer.status, answer.body.message]).toEqual([400, message]);
    const existing = before[0];
    const replaced = await admin.request('PUT', `/api/admin/skilly-urls/${existing.id}`, body);
    expect([replaced.status, replaced.body.message]).toEqual([400, message]);
    expect(await publicLinks()).toEqual(before);
  });

  it('answers 404 "Resource link not found" for an unknown id', async () => {
    const answer = await admin.request('PUT', '/api/admin/skilly-urls/no-such-link', link);
    expect([answer.status, answer.body.message]).toEqual([404, 'Resource link not found']);
  });
});

describe('FAQs', () => {
  it('everyone reads the FAQs in display order: lower orderIndex first, then the oldest; the stats count them', async () => {
    for (const { id } of await publicFaqs()) expect((await admin.request('DELETE', `/api/admin/faqs/${id}`)).status).toBe(200);
    const first = await admin.post('/api/admin/faqs', { question: 'First added', answer: 'Order 0 by default' });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ question: 'First added', answer: 'Order 0 by default', orderIndex: 0 });
    const second = await admin.post('/api/admin/faqs', { question: 'Second added', answer: 'Also 0', orderIndex: 0 });
    const third = await admin.post('/api/admin/faqs', { question: 'Third added', answer: 'Comes first', orderIndex: -5 });
    expect((await publicFaqs()).map((f) => f.question)).toEqual(['Third added', 'First added', 'Second added']);

    const moved = await admin.request('PATCH', `/api/admin/faqs/${second.body.id}`, { orderIndex: -10 });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toEqual({ ...second.body, orderIndex: -10 });
    const edited = await admin.request('PATCH', `/api/admin/faqs/${third.body.id}`, { question: ' Third, edited ', answer: 'New answer' });
    expect(edited.body).toMatchObject({ question: 'Third, edited', answer: 'New answer', orderIndex: -5 });
    expect((await publicFaqs()).map((f) => f.question)).toEqual(['Second added', 'Third, edited', 'First added']);
    expect((await admin.get('/api/admin/faqs')).body).toEqual(await publicFaqs());
    expect((await admin.get('/api/admin/stats')).body.faqsCount).toBe(3);

    expect((await admin.request('DELETE', `/api/admin/faqs/${first.body.id}`)).status).toBe(200);
    expect((await publicFaqs()).map((f) => f.question)).toEqual(['Second added', 'Third, edited']);
    expect((await admin.get('/api/admin/stats')).body.faqsCount).toBe(2);
  });

  it.each([
    [{ answer: 'A' }, 'Question is required'],
    [{ question: '  ', answer: 'A' }, 'Question is required'],
    [{ question: 'Q' }, 'Answer is required'],
    [{ question: 'Q', answer: '' }, 'Answer is required'],
    [{ question: 'Q', answer: 'A', orderIndex: 1.5 }, 'Display order must be a whole number'],
    [{ question: 'Q', answer: 'A', orderIndex: '2' }, 'Display order must be a whole number'],
  ])('refuses to add %j with its message and saves nothing', async (body, message) => {
    const before = await publicFaqs();
    const answer = await admin.post('/api/admin/faqs', body);
    expect([answer.status, answer.body.message]).toEqual([400, message]);
    expect(await publicFaqs()).toEqual(before);
  });

  it('refuses to blank a question or answer in a change, and changes nothing', async () => {
    const faq = (await admin.post('/api/admin/faqs', { question: 'Kept?', answer: 'Yes', orderIndex: 3 })).body;
    for (const [body, message] of [
      [{ question: '' }, 'Question is required'],
      [{ answer: '   ' }, 'Answer is required'],
      [{ orderIndex: 2.5 }, 'Display order must be a whole number'],
    ] as const) {
      const answer = await admin.request('PATCH', `/api/admin/faqs/${faq.id}`, body);
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    }
    expect(await publicFaqs()).toContainEqual(faq);
  });

  it('answers 404 "FAQ not found" for an unknown id', async () => {
    const patched = await admin.request('PATCH', '/api/admin/faqs/no-such-faq', { question: 'Q' });
    expect([patched.status, patched.body.message]).toEqual([404, 'FAQ not found']);
    const deleted = await admin.request('DELETE', '/api/admin/faqs/no-such-faq');
    expect([deleted.status, deleted.body.message]).toEqual([404, 'FAQ not found']);
  });
});
