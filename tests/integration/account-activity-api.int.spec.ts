import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountActivityEntryDto } from '../../backend/application/contracts/account-activity';
import { accountActivityProjection } from '../../backend/projections/account-activity/account-activity-projection';
import { memberWithData, staffMember, type MemberWithData } from '../support/member-data';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * A member's own account activity (issue 52): GET /api/user/activity lists, newest first and by
 * pages of 20, what happened to their account, with who did it ("You", "Skilly support",
 * "Billing") and why, read from the account-activity projection. Never a staff member's name or
 * id, never a staff reply, never another member's lines.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof staffMember>>;
let member: MemberWithData;
let other: { client: Client; userId: string };

/** Every line of the member's activity, page after page. */
async function everyLine(client: Client): Promise<AccountActivityEntryDto[]> {
  const lines: AccountActivityEntryDto[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await client.get(`/api/user/activity?page=${page}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.page).toBe(page);
    lines.push(...answer.body.entries);
    if (!answer.body.hasMore) return lines;
  }
}

const line = (lines: AccountActivityEntryDto[], summary: string | RegExp) => {
  const found = lines.find((each) => (typeof summary === 'string' ? each.summary === summary : summary.test(each.summary)));
  expect(found, `a line "${summary}" among ${JSON.stringify(lines.map((each) => each.summary))}`).toBeDefined();
  return found!;
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await staffMember(t, 'admin');
  // Signs up, spends credits on an idea set and a plan, and pays for Pro on the TEST checkout.
  member = await memberWithData(t, admin);
  const otherClient = new Client(t.url);
  const signup = await otherClient.post('/api/auth/signup', newMember());
  expect(signup.status).toBe(201);
  other = { client: otherClient, userId: signup.body.user.id };

  // What staff do to the member's account, each with a reason.
  expect((await admin.client.post(`/api/admin/users/${member.userId}/reset-data`, { reason: 'Asked for a fresh start in a ticket' })).status).toBe(200);
  const role = await admin.client.put(`/api/admin/users/${member.userId}/role`, { role: 'free', reason: 'Refunded at the member’s request' });
  expect(role.status, role.text).toBe(200);
  const disabled = await admin.client.request('PATCH', `/api/admin/users/${member.userId}/toggle-disabled`, { disabled: true, reason: 'Unusual sign-ins from abroad' });
  expect(disabled.status, disabled.text).toBe(200);
  expect((await admin.client.request('PATCH', `/api/admin/users/${member.userId}/toggle-disabled`, { disabled: false })).status).toBe(200);
  await t.services.runner.catchUpAll();
  // Disabling ended the member's sessions: they sign in again.
  const login = await member.client.post('/api/auth/login', { email: member.email, password: member.password });
  expect(login.status, login.text).toBe(200);
});
afterAll(async () => t?.close());

describe('GET /api/user/activity', () => {
  it("lists what others did to the member's account, with who and why, newest first", async () => {
    const lines = await everyLine(member.client);

    expect(line(lines, 'Account created')).toMatchObject({ by: 'You', reason: null });
    // The payment on the TEST checkout, and the role billing gave for it.
    expect(line(lines, /^Payment of 9\.99 USD received \(test mode\)$/).by).toBe('Billing');
    expect(line(lines, 'Pro subscription started').by).toBe('Billing');
    expect(line(lines, 'Plan changed from Free to Pro')).toMatchObject({ by: 'Billing', reason: 'The Pro subscription became active' });
    // Staff, each with the reason they gave, and never by name.
    expect(line(lines, 'Plan changed from Pro to Free')).toMatchObject({ by: 'Skilly support', reason: 'Refunded at the member’s request' });
    expect(line(lines, 'Account disabled: every session was signed out')).toMatchObject({ by: 'Skilly support', reason: 'Unusual sign-ins from abroad' });
    expect(line(lines, 'Account enabled again')).toMatchObject({ by: 'Skilly support', reason: null });
    expect(line(lines, /^Ideas and plans reset: 1 idea set and 1 plan deleted$/)).toMatchObject({ by: 'Skilly support', reason: 'Asked for a fresh start in a ticket' });
    expect(line(lines, 'A plan credit given back')).toMatchObject({ by: 'Skilly support', reason: 'Asked for a fresh start in a ticket' });
    // The product's automatic steps say so, not by an internal name.
    expect(line(lines, 'Credits moved to the Pro allowance').by).toBe('Skilly');

    // Newest first: the enabling came last, the sign-up first.
    expect(lines[0].summary).toBe('Account enabled again');
    expect(lines.at(-1)!.summary).toBe('Account created');
    // In the order the events were recorded (the store's global order), the newest on top.
    const recorded = await sql<{ event_id: string }>`
      select event_id from events where event_id = any(${lines.map((each) => each.id)}) order by global_position desc`.execute(t.services.database.db);
    expect(lines.map((each) => each.id)).toEqual(recorded.rows.map((row) => row.event_id));
    // Spending a credit is the credit statement's, not the account's.
    expect(lines.some((each) => /spent/i.test(each.summary))).toBe(false);
  });

  it("never shows a staff member's name or id, a staff reply, or an id of the member's things", async () => {
    const text = JSON.stringify(await everyLine(member.client));
    for (const secret of [admin.firstName, admin.lastName, admin.email, admin.userId, member.staffReplyText, member.planId, member.ticketId, member.userId]) {
      expect(text).not.toContain(secret);
    }
  });

  it("shows a member only their own account's lines", async () => {
    const lines = await everyLine(other.client);
    expect(lines.map((each) => each.summary)).toEqual(['Account created']);
    expect(JSON.stringify(lines)).not.toContain('Skilly support');
  });

  it('pages 20 lines at a time, each line once, in the same order as one long list', async () => {
    for (let grant = 1; grant <= 25; grant += 1) {
      await t.services.credits.grant({ userId: other.userId, role: 'free' }, { kind: 'idea', amount: grant, reason: `Goodwill ${grant}` }, { actor: null, requestId: `grant-${grant}` });
    }
    await t.services.runner.catchUpAll();
    const first = await other.client.get('/api/user/activity');
    expect(first.status).toBe(200);
    expect(first.body.entries).toHaveLength(20);
    expect(first.body).toMatchObject({ page: 1, hasMore: true });
    expect(first.body.entries[0]).toMatchObject({ summary: '25 idea credits granted', reason: 'Goodwill 25' });
    const second = await other.client.get('/api/user/activity?page=2');
    expect(second.body.entries).toHaveLength(6);
    expect(second.body.hasMore).toBe(false);
    expect(second.body.entries.at(-1).summary).toBe('Account created');
    const ids = [...first.body.entries, ...second.body.entries].map((each: AccountActivityEntryDto) => each.id);
    expect(new Set(ids).size).toBe(26);
    expect((await other.client.get('/api/user/activity?page=3')).body).toEqual({ entries: [], page: 3, hasMore: false });
  });

  it('refuses a page that is not a whole number from 1 (400, with the message) and a visitor (401)', async () => {
    for (const page of ['0', 'abc', '-1', '1.5']) {
      const answer = await member.client.get(`/api/user/activity?page=${page}`);
      expect(answer.status, page).toBe(400);
      expect(answer.body.message).toMatch(/page must be/);
    }
    expect((await new Client(t.url).get('/api/user/activity')).status).toBe(401);
  });

  it('a rebuild of the read model gives the same lines', async () => {
    const before = await everyLine(member.client);
    await t.services.runner.rebuild(accountActivityProjection);
    expect(await everyLine(member.client)).toEqual(before);
  });
});

describe('sign-ins from a new device, and signing out everywhere', () => {
  const firefox = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' };

  it('lists a sign-in from a device the account had not used (once), and "Sign out everywhere", which ends every session', async () => {
    const person = newMember();
    const iphone = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' };
    const phone = new Client(t.url, iphone);
    expect((await phone.post('/api/auth/signup', person)).status).toBe(201);
    const laptop = new Client(t.url, firefox);
    const signIn = () => laptop.post('/api/auth/login', { email: person.email, password: person.password });
    expect((await signIn()).status).toBe(200);
    expect((await signIn()).status).toBe(200);
    // The phone the account was opened on is its first device: no news.
    expect((await new Client(t.url, iphone).post('/api/auth/login', { email: person.email, password: person.password })).status).toBe(200);
    await t.services.runner.catchUpAll();
    let lines = await everyLine(laptop);
    expect(lines.filter((each) => each.summary.startsWith('Signed in from a new device')).map((each) => [each.summary, each.by])).toEqual([
      ['Signed in from a new device: Firefox on Linux', 'You'],
    ]);

    const out = await phone.post('/api/user/sign-out-everywhere');
    expect(out.status, out.text).toBe(200);
    expect(out.body.message).toBe('You have been signed out of every session. Please sign in again.');
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);
    expect((await signIn()).status).toBe(200);
    await t.services.runner.catchUpAll();
    lines = await everyLine(laptop);
    expect(line(lines, 'Signed out of every session, on every device').by).toBe('You');
  });

  it('refuses a visitor (401), and nothing a member does ends another member\'s sessions', async () => {
    expect((await new Client(t.url).post('/api/user/sign-out-everywhere')).status).toBe(401);
    expect((await other.client.get('/api/auth/me')).status).toBe(200);
  });
});
