import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketStream } from '../../backend/domain/support/ticket';
import { Client, eventCount, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * Support tickets over real HTTP and a real database (issue 28; member-product §2 Support, §7,
 * §8; back-office §7): a member's tickets and chat, the support desk for admins and moderators,
 * the ticket history, the reply email, and who may call what.
 */

let t: TestApp;
const resolvedWording = 'This ticket has been resolved. Create a new ticket if you need further assistance.';

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://skilly.example' });
});
afterAll(async () => t?.close());

type Person = { client: Client; userId: string; email: string; firstName: string };

async function signUp(firstName = 'Ada'): Promise<Person> {
  const client = new Client(t.url);
  const details = newMember({ firstName });
  const signup = await client.post('/api/auth/signup', details);
  expect(signup.status).toBe(201);
  return { client, userId: signup.body.user.id, email: details.email, firstName };
}

/** A signed-in person of the given staff role, with a session started after the role changed. */
async function staffMember(role: 'admin' | 'moderator', firstName: string): Promise<Person> {
  const person = await signUp(firstName);
  await t.services.identity.changeRole(person.userId, role, 'support test', { actor: null, requestId: `role-${person.userId}` });
  await t.services.runner.catchUpAll();
  const { token } = await t.services.identity.startSession(person.userId);
  return { ...person, client: new Client(t.url, { cookie: `skilly_session=${encodeURIComponent(t.app.signCookie(token))}` }) };
}

async function openTicket(member: Person, subject = 'Cannot save ideas', message = 'The save button does nothing.') {
  const created = await member.client.post('/api/support/tickets', { subject, message });
  expect(created.status, created.text).toBe(201);
  return created.body.id as string;
}

const streamLength = async (ticketId: string) => (await t.services.eventStore.readStream(ticketStream.name(ticketId))).length;
/** The outbox in the order emails were queued (a table read without `order by` has no order on the server). */
const outbox = () => t.services.database.db.selectFrom('email_outbox').selectAll().orderBy('id').execute();

/** Follows the welcome email's link: only a confirmed address gets mail naming what its member typed. */
async function confirmAddress(person: Person) {
  const welcome = (await outbox()).find((mail) => mail.recipient === person.email)!;
  const token = decodeURIComponent(/\/confirm-email\?token=([^\s"<&]+)/.exec(welcome.body)![1]);
  expect((await new Client(t.url).post('/api/auth/confirm-email', { token })).status).toBe(200);
}

let admin: Person;
let moderator: Person;
beforeAll(async () => {
  admin = await staffMember('admin', 'Alan');
  moderator = await staffMember('moderator', 'Mo');
});

describe('a ticket between a member and the support team', () => {
  it('opens, is answered by an admin and a moderator, counts the unread replies until read, and refuses the member once resolved', async () => {
    const ada = await signUp();
    const ticketId = await openTicket(ada, '  Cannot save ideas ', ' The save button does nothing. ');

    const listed = await ada.client.get('/api/support/tickets');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      { id: ticketId, subject: 'Cannot save ideas', status: 'pending', createdAt: expect.any(String), updatedAt: expect.any(String), unreadCount: 0 },
    ]);
    expect((await ada.client.get('/api/support/unread-count')).body).toEqual({ count: 0 });

    // The desk lists it with the member's name and email, at medium priority, the first message unread.
    const desk = await admin.client.get('/api/admin/support-tickets');
    expect(desk.status).toBe(200);
    expect(desk.body.find((x: { id: string }) => x.id === ticketId)).toMatchObject({
      subject: 'Cannot save ideas',
      status: 'pending',
      priority: 'medium',
      tags: [],
      userId: ada.userId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: ada.email,
      unreadCount: 1,
    });

    const fromAdmin = await admin.client.post(`/api/admin/support-tickets/${ticketId}/messages`, { message: ' Looking into it. ' });
    expect(fromAdmin.status, fromAdmin.text).toBe(201);
    expect(fromAdmin.body).toEqual({ id: expect.any(String), message: 'Looking into it.', senderType: 'admin', createdAt: expect.any(String) });
    expect((await ada.client.get('/api/support/unread-count')).body).toEqual({ count: 1 });
    expect((await ada.client.get('/api/support/tickets')).body[0].unreadCount).toBe(1);

    expect((await ada.client.request('PATCH', `/api/support/tickets/${ticketId}/read`)).status).toBe(200);
    expect((await ada.client.get('/api/support/unread-count')).body).toEqual({ count: 0 });
    // Nothing unread: a second read mark writes nothing.
    const before = await streamLength(ticketId);
    expect((await ada.client.request('PATCH', `/api/support/tickets/${ticketId}/read`)).status).toBe(200);
    expect(await streamLength(ticketId)).toBe(before);

    const fromModerator = await moderator.client.post(`/api/admin/support-tickets/${ticketId}/messages`, { message: 'Fixed in the latest release.' });
    expect(fromModerator.status, fromModerator.text).toBe(201);
    expect(fromModerator.body.senderType).toBe('admin');
    expect((await ada.client.get('/api/support/unread-count')).body).toEqual({ count: 1 });

    const mine = await ada.client.post(`/api/support/tickets/${ticketId}/messages`, { message: 'Thanks, works now!' });
    expect(mine.status, mine.text).toBe(201);
    expect(mine.body).toMatchObject({ message: 'Thanks, works now!', senderType: 'user' });

    const thread = await ada.client.get(`/api/support/tickets/${ticketId}/messages`);
    expect(thread.status).toBe(200);
    expect(thread.body.map((m: { message: string; senderType: string }) => [m.senderType, m.message])).toEqual([
      ['user', 'The save button does nothing.'],
      ['admin', 'Looking into it.'],
      ['admin', 'Fixed in the latest release.'],
      ['user', 'Thanks, works now!'],
    ]);
    expect((await moderator.client.get(`/api/admin/support-tickets/${ticketId}/messages`)).body).toEqual(thread.body);

    // Staff read the member's messages.
    expect((await admin.client.get('/api/admin/support-tickets')).body.find((x: { id: string }) => x.id === ticketId).unreadCount).toBe(2);
    expect((await moderator.client.request('PATCH', `/api/admin/support-tickets/${ticketId}/read`)).status).toBe(200);
    expect((await admin.client.get('/api/admin/support-tickets')).body.find((x: { id: string }) => x.id === ticketId).unreadCount).toBe(0);

    // Resolved: the member's next message is refused and nothing is written.
    const resolved = await admin.client.request('PATCH', `/api/admin/support-tickets/${ticketId}/status`, { status: 'resolved' });
    expect(resolved.status, resolved.text).toBe(200);
    expect(resolved.body).toMatchObject({ id: ticketId, status: 'resolved' });
    expect((await ada.client.get('/api/support/tickets')).body[0].status).toBe('resolved');
    const events = await streamLength(ticketId);
    const refused = await ada.client.post(`/api/support/tickets/${ticketId}/messages`, { message: 'One more thing' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: resolvedWording, code: 'ticket_resolved' });
    expect(await streamLength(ticketId)).toBe(events);
    expect((await ada.client.get(`/api/support/tickets/${ticketId}/messages`)).body).toHaveLength(4);

    // Staff may still write on a resolved ticket.
    expect((await admin.client.post(`/api/admin/support-tickets/${ticketId}/messages`, { message: 'Glad it works.' })).status).toBe(201);
  });

  it('sets priority and tags with one call, and a change to the same value writes nothing', async () => {
    const ada = await signUp();
    const ticketId = await openTicket(ada);
    const updated = await admin.client.request('PATCH', `/api/admin/support-tickets/${ticketId}`, { priority: 'high', tags: ['Bug', 'Billing'], status: 'in-progress' });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ priority: 'high', tags: ['Bug', 'Billing'], status: 'in-progress' });
    const retagged = await moderator.client.request('PATCH', `/api/admin/support-tickets/${ticketId}`, { tags: ['General', 'Bug'] });
    expect(retagged.body.tags).toEqual(['Bug', 'General']);

    const events = await streamLength(ticketId);
    const same = await admin.client.request('PATCH', `/api/admin/support-tickets/${ticketId}`, { priority: 'high', tags: ['Bug', 'General'], status: 'in-progress' });
    expect(same.status).toBe(200);
    expect(await streamLength(ticketId)).toBe(events);
    expect((await admin.client.request('PATCH', `/api/admin/support-tickets/${ticketId}/status`, { status: 'in-progress' })).status).toBe(200);
    expect(await streamLength(ticketId)).toBe(events);
  });

  it('lists a member’s tickets newest first, and only theirs', async () => {
    const ada = await signUp();
    const grace = await signUp('Grace');
    const first = await openTicket(ada, 'First');
    const second = await openTicket(ada, 'Second');
    await openTicket(grace, 'Grace’s own');
    expect((await ada.client.get('/api/support/tickets')).body.map((x: { id: string }) => x.id)).toEqual([second, first]);
  });
});

describe('the ticket history', () => {
  it('lists every step of the ticket with its actor, time and what changed', async () => {
    const ada = await signUp();
    const ticketId = await openTicket(ada, 'Billing question', 'Was I charged twice?');
    await admin.client.post(`/api/admin/support-tickets/${ticketId}/messages`, { message: 'Let me check.' });
    await ada.client.request('PATCH', `/api/support/tickets/${ticketId}/read`);
    await moderator.client.request('PATCH', `/api/admin/support-tickets/${ticketId}`, { priority: 'urgent', tags: ['Billing'] });
    await admin.client.request('PATCH', `/api/admin/support-tickets/${ticketId}/status`, { status: 'resolved' });

    const history = await moderator.client.get(`/api/admin/support-tickets/${ticketId}/history`);
    expect(history.status, history.text).toBe(200);
    const user = (who: Person, role: string) => ({ kind: 'user', id: who.userId, name: `${who.firstName} Lovelace`, role });
    expect(history.body).toEqual([
      { type: 'TicketOpened', at: expect.any(String), actor: user(ada, 'free'), summary: 'Opened the ticket “Billing question”. Message: “Was I charged twice?”' },
      { type: 'TicketMessagePosted', at: expect.any(String), actor: user(admin, 'admin'), summary: 'Reply: “Let me check.”' },
      { type: 'TicketReadByMember', at: expect.any(String), actor: user(ada, 'free'), summary: 'Read by the member' },
      { type: 'TicketPriorityChanged', at: expect.any(String), actor: user(moderator, 'moderator'), summary: 'Priority: medium → urgent' },
      { type: 'TicketTagAdded', at: expect.any(String), actor: user(moderator, 'moderator'), summary: 'Tag added: Billing' },
      { type: 'TicketStatusChanged', at: expect.any(String), actor: user(admin, 'admin'), summary: 'Status: pending → resolved' },
    ]);
    expect(history.body.every((entry: { at: string }) => !Number.isNaN(Date.parse(entry.at)))).toBe(true);
  });

  it('shows staff the member behind a ticket: role, credits, plans and no payment yet', async () => {
    const ada = await signUp();
    const ticketId = await openTicket(ada);
    const context = await admin.client.get(`/api/admin/support-tickets/${ticketId}/member`);
    expect(context.status, context.text).toBe(200);
    expect(context.body).toMatchObject({ userId: ada.userId, firstName: 'Ada', email: ada.email, role: 'free', planCount: 0, lastPayment: null });
    expect(context.body.credits.ideas).toEqual({ used: 0, limit: expect.any(Number) });
    expect(context.body.credits.ideas.limit).toBeGreaterThan(0);
  });

  it("shows the member's credits as their own dashboard does, also after a role change the ledger has not recorded yet", async () => {
    const ada = await signUp();
    const ticketId = await openTicket(ada);
    await t.services.identity.changeRole(ada.userId, 'pro', 'support test', { actor: null, requestId: `pro-${ada.userId}` });
    await t.services.runner.catchUpAll();
    const { token } = await t.services.identity.startSession(ada.userId);
    const own = await new Client(t.url, { cookie: `skilly_session=${encodeURIComponent(t.app.signCookie(token))}` }).get('/api/credits');
    expect(own.status).toBe(200);
    const context = (await admin.client.get(`/api/admin/support-tickets/${ticketId}/member`)).body;
    expect(context.role).toBe('pro');
    const kinds = { ideas: 'idea', plans: 'plan', milestones: 'milestone', help: 'help' } as const;
    for (const [shown, kind] of Object.entries(kinds)) {
      expect(context.credits[shown], shown).toEqual({ used: own.body.used[kind], limit: own.body.allowances[kind] + own.body.granted[kind] });
    }
    expect(context.credits.resetsAt).toBe(own.body.creditsResetAt);
  });
});

describe('another member', () => {
  it('gets 404 on the ticket, its messages, the read mark and a post, and the stream stays as it was', async () => {
    const ada = await signUp();
    const grace = await signUp('Grace');
    const ticketId = await openTicket(ada);
    await admin.client.post(`/api/admin/support-tickets/${ticketId}/messages`, { message: 'Hello Ada' });
    const events = await streamLength(ticketId);

    const calls = [
      await grace.client.get(`/api/support/tickets/${ticketId}/messages`),
      await grace.client.request('PATCH', `/api/support/tickets/${ticketId}/read`),
      await grace.client.post(`/api/support/tickets/${ticketId}/messages`, { message: 'Let me in' }),
    ];
    for (const answer of calls) expect(answer.body).toEqual({ message: 'Ticket not found', code: 'ticket_not_found' });
    expect(calls.map((c) => c.status)).toEqual([404, 404, 404]);
    expect((await grace.client.get('/api/support/tickets')).body).toEqual([]);
    expect((await grace.client.get('/api/support/unread-count')).body).toEqual({ count: 0 });
    expect(await streamLength(ticketId)).toBe(events);
  });
});

describe('who may call the support desk', () => {
  it('refuses members with 403 and visitors with 401 on every staff endpoint, before anything is read or written', async () => {
    const ada = await signUp();
    const ticketId = await openTicket(ada);
    const visitor = new Client(t.url);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/support-tickets'],
      ['GET', `/api/admin/support-tickets/${ticketId}/messages`],
      ['POST', `/api/admin/support-tickets/${ticketId}/messages`, { message: 'I am staff now' }],
      ['PATCH', `/api/admin/support-tickets/${ticketId}/status`, { status: 'resolved' }],
      ['PATCH', `/api/admin/support-tickets/${ticketId}`, { priority: 'urgent' }],
      ['DELETE', `/api/admin/support-tickets/${ticketId}`],
      ['PATCH', `/api/admin/support-tickets/${ticketId}/read`],
      ['GET', `/api/admin/support-tickets/${ticketId}/history`],
      ['GET', `/api/admin/support-tickets/${ticketId}/member`],
    ];
    const events = await streamLength(ticketId);
    for (const [method, path, body] of calls) {
      expect((await ada.client.request(method, path, body)).status, `${method} ${path} as the member`).toBe(403);
      expect((await visitor.request(method, path, body)).status, `${method} ${path} as a visitor`).toBe(401);
    }
    expect(await streamLength(ticketId)).toBe(events);
  });

  it('keeps staff out of the member routes (403) and visitors too (401)', async () => {
    expect((await admin.client.get('/api/support/tickets')).status).toBe(403);
    expect((await moderator.client.post('/api/support/tickets', { subject: 'x', message: 'y' })).status).toBe(403);
    expect((await new Client(t.url).get('/api/support/unread-count')).status).toBe(401);
  });
});

describe('refused input', () => {
  it('answers 400 with the spec’s wording and writes nothing', async () => {
    const ada = await signUp();
    const ticketId = await openTicket(ada);
    const opened = await eventCount(t, 'TicketOpened');
    const posted = await eventCount(t, 'TicketMessagePosted');
    const missing = 'Missing fields: Please fill in both subject and message.';

    for (const body of [{ subject: '  ', message: 'Hi' }, { subject: 'Hi', message: '' }, { subject: 'Hi' }, {}]) {
      const answer = await ada.client.post('/api/support/tickets', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      // A blank field and an absent one are worded as §8 says.
      expect(answer.body.message, JSON.stringify(body)).toBe(missing);
    }
    expect((await ada.client.post('/api/support/tickets', { subject: 's'.repeat(201), message: 'Hi' })).body.message).toBe('A subject has at most 200 characters');
    expect((await ada.client.post(`/api/support/tickets/${ticketId}/messages`, { message: '   ' })).body).toMatchObject({ message: 'Please enter a message' });
    expect((await ada.client.post(`/api/support/tickets/${ticketId}/messages`, {})).body).toMatchObject({ message: 'Please enter a message' });
    expect((await ada.client.post(`/api/support/tickets/${ticketId}/messages`, { message: 'm'.repeat(5001) })).status).toBe(400);
    expect((await admin.client.post(`/api/admin/support-tickets/${ticketId}/messages`, { message: '' })).status).toBe(400);

    const before = await streamLength(ticketId);
    for (const body of [{ status: 'closed' }, { priority: 'critical' }, { tags: ['Urgent'] }, {}]) {
      expect((await admin.client.request('PATCH', `/api/admin/support-tickets/${ticketId}`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.client.request('PATCH', `/api/admin/support-tickets/${ticketId}/status`, { status: 'done' })).status).toBe(400);
    expect(await streamLength(ticketId)).toBe(before);
    expect(await eventCount(t, 'TicketOpened')).toBe(opened);
    expect(await eventCount(t, 'TicketMessagePosted')).toBe(posted);
    expect((await admin.client.get('/api/admin/support-tickets')).body.find((x: { id: string }) => x.id === ticketId)).toMatchObject({ status: 'pending', priority: 'medium', tags: [] });
  });

  it('a message to a ticket that does not exist is refused (404) and leaves no daily count behind', async () => {
    const ada = await signUp();
    const answer = await ada.client.post(`/api/support/tickets/${randomUUID()}/messages`, { message: 'Hello?' });
    expect(answer.status).toBe(404);
    // The slot taken for it is given back, and a count of zero is no row: the refused request changed nothing.
    expect(await t.services.database.db.selectFrom('support_message_posts').selectAll().where('user_id', '=', ada.userId).execute()).toEqual([]);
  });

  it('lets a member open at most 10 tickets a day (429), and a refused opening does not count', async () => {
    const ada = await signUp();
    expect((await ada.client.post('/api/support/tickets', { subject: '', message: 'x' })).status).toBe(400);
    for (let i = 0; i < 10; i++) await openTicket(ada, `Ticket ${i}`);
    const eleventh = await ada.client.post('/api/support/tickets', { subject: 'One more', message: 'Please' });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toMatchObject({ code: 'ticket_limit', message: 'You can open at most 10 support tickets a day. Please add to an open ticket or try again tomorrow.' });
    expect((await ada.client.get('/api/support/tickets')).body).toHaveLength(10);
    // Another member's allowance is their own.
    await openTicket(await signUp('Grace'));
  });
});

describe('a refused message sent again with its Idempotency-Key', () => {
  it('runs again once the refusal no longer holds (a 409 is not replayed for a day)', async () => {
    const ada = await signUp();
    const ticketId = await openTicket(ada);
    await admin.client.request('PATCH', `/api/admin/support-tickets/${ticketId}/status`, { status: 'resolved' });
    const headers = { 'idempotency-key': 'one-more-thing' };
    const refused = await ada.client.post(`/api/support/tickets/${ticketId}/messages`, { message: 'One more thing' }, headers);
    expect(refused.status).toBe(409);
    await admin.client.request('PATCH', `/api/admin/support-tickets/${ticketId}/status`, { status: 'in-progress' });
    const again = await ada.client.post(`/api/support/tickets/${ticketId}/messages`, { message: 'One more thing' }, headers);
    expect(again.status, again.text).toBe(201);
    const replayed = await ada.client.post(`/api/support/tickets/${ticketId}/messages`, { message: 'One more thing' }, headers);
    expect(replayed.status).toBe(201);
    expect(replayed.body.id).toBe(again.body.id);
    const thread = (await ada.client.get(`/api/support/tickets/${ticketId}/messages`)).body as { message: string }[];
    expect(thread.filter((m) => m.message === 'One more thing')).toHaveLength(1);
  });
});

describe('a deleted ticket', () => {
  it('is gone for the member (404) and from the desk', async () => {
    const ada = await signUp();
    const ticketId = await openTicket(ada);
    await admin.client.post(`/api/admin/support-tickets/${ticketId}/messages`, { message: 'Hi' });
    const deleted = await moderator.client.request('DELETE', `/api/admin/support-tickets/${ticketId}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ success: true });

    expect((await ada.client.get('/api/support/tickets')).body).toEqual([]);
    expect((await ada.client.get('/api/support/unread-count')).body).toEqual({ count: 0 });
    expect((await ada.client.get(`/api/support/tickets/${ticketId}/messages`)).status).toBe(404);
    expect((await ada.client.post(`/api/support/tickets/${ticketId}/messages`, { message: 'Hello?' })).status).toBe(404);
    expect((await admin.client.get('/api/admin/support-tickets')).body.some((x: { id: string }) => x.id === ticketId)).toBe(false);
    expect((await admin.client.get(`/api/admin/support-tickets/${ticketId}/messages`)).status).toBe(404);
    expect((await admin.client.request('DELETE', `/api/admin/support-tickets/${ticketId}`)).status).toBe(404);
  });
});

describe('the reply email', () => {
  it('queues a ticket reply email to the ticket’s member only, naming the ticket and linking /support', async () => {
    const ada = await signUp();
    await confirmAddress(ada);
    const grace = await signUp('Grace');
    const adas = await openTicket(ada, 'Where is my invoice?', 'I need it for my taxes.');
    await openTicket(grace, 'Grace’s private matter', 'Something only Grace knows.');
    const before = (await outbox()).length;

    // A member's own message sends nothing.
    await ada.client.post(`/api/support/tickets/${adas}/messages`, { message: 'Any news?' });
    expect((await outbox()).length).toBe(before);

    expect((await moderator.client.post(`/api/admin/support-tickets/${adas}/messages`, { message: 'Sent it just now.' })).status).toBe(201);
    const mails = (await outbox()).slice(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.recipient).toBe(ada.email);
    expect(mail.subject).toContain('Where is my invoice?');
    expect(mail.body).toContain('https://skilly.example/support');
    expect(mail.body).toContain('Where is my invoice?');
    for (const secret of [grace.email, 'Grace’s private matter', 'Something only Grace knows.']) {
      expect(mail.subject + mail.body).not.toContain(secret);
    }
  });

  it('names no ticket subject in a reply email to an address nobody has confirmed (issue 48)', async () => {
    const ada = await signUp();
    const adas = await openTicket(ada, 'WIN $1000 at https://evil.example/claim', 'Typed by a visitor.');
    const before = (await outbox()).length;
    expect((await moderator.client.post(`/api/admin/support-tickets/${adas}/messages`, { message: 'Hello.' })).status).toBe(201);
    const [mail, ...others] = (await outbox()).slice(before);
    expect(others).toHaveLength(0);
    expect(mail.recipient).toBe(ada.email);
    expect(mail.subject + mail.body).not.toContain('evil.example');
    expect(mail.body).toContain('https://skilly.example/support');
  });
});

describe('Idempotency-Key', () => {
  it('opens one ticket and posts one message for a repeated request', async () => {
    const ada = await signUp();
    const first = await ada.client.post('/api/support/tickets', { subject: 'Twice?', message: 'Once.' }, { 'idempotency-key': 'ticket-key-1' });
    const again = await ada.client.post('/api/support/tickets', { subject: 'Twice?', message: 'Once.' }, { 'idempotency-key': 'ticket-key-1' });
    expect(again.body).toEqual(first.body);
    expect((await ada.client.get('/api/support/tickets')).body).toHaveLength(1);

    const message = await ada.client.post(`/api/support/tickets/${first.body.id}/messages`, { message: 'Hi' }, { 'idempotency-key': 'msg-key-1' });
    const repeat = await ada.client.post(`/api/support/tickets/${first.body.id}/messages`, { message: 'Hi' }, { 'idempotency-key': 'msg-key-1' });
    expect(repeat.body).toEqual(message.body);
    expect((await ada.client.get(`/api/support/tickets/${first.body.id}/messages`)).body).toHaveLength(2);
  });
});

describe('a thread that cannot be made huge (issue 48)', () => {
  const big = (i: number) => `${i} `.padEnd(5000, 'x');
  type Message = { id: string; message: string; senderType: string };

  /** `count` more messages of 5,000 characters from the ticket's member, recorded as posting them one by one would (posting 200 over HTTP takes minutes). */
  async function floodTicket(member: Person, ticketId: string, count: number) {
    const version = (await t.services.eventStore.readStream(ticketStream.name(ticketId))).length - 1;
    const events = Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      type: 'TicketMessagePosted',
      schemaVersion: 1,
      data: { ticketId, messageId: randomUUID(), message: big(i + 1), senderType: 'user' },
    }));
    await t.services.eventStore.append(ticketStream.name(ticketId), events, {
      expectedVersion: version,
      actor: { kind: 'user', userId: member.userId, role: 'free' },
      occurredAt: new Date(),
      causationId: 'flood',
      correlationId: 'flood',
    });
    await t.services.runner.catchUpAll();
  }

  it('takes at most 200 messages of a member on one ticket and 300 a day (429), and a refused one does not count for the day', async () => {
    const ada = await signUp();
    const post = (ticketId: string, message: string) => ada.client.post(`/api/support/tickets/${ticketId}/messages`, { message });
    const flooded = await openTicket(ada, 'Flood', big(0));
    await floodTicket(ada, flooded, 198);

    expect((await post(flooded, big(199))).status).toBe(201);
    const before = await streamLength(flooded);
    for (let i = 0; i < 3; i++) {
      const refused = await post(flooded, 'One more');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        code: 'ticket_message_limit',
        message: 'This ticket has reached its limit of 200 messages from you. Please open a new ticket if you need more help.',
      });
    }
    expect(await streamLength(flooded)).toBe(before);
    // The support team may still answer a full ticket.
    expect((await admin.client.post(`/api/admin/support-tickets/${flooded}/messages`, { message: 'We read them all.' })).status).toBe(201);

    // The day: 298 messages counted earlier today, plus the 200th above; the three refusals did not count.
    const today = t.services.clock.now().toISOString().slice(0, 10);
    await t.services.database.db.updateTable('support_message_posts').set({ used: 299 }).where('user_id', '=', ada.userId).where('day', '=', today).execute();
    const other = await openTicket(ada, 'Another question');
    expect((await post(other, 'The 300th message today')).status).toBe(201);
    const daily = await post(other, 'The 301st');
    expect(daily.status).toBe(429);
    expect(daily.body).toMatchObject({ code: 'ticket_message_daily_limit', message: 'You can send at most 300 support messages a day. Please try again tomorrow.' });
    expect(Number(daily.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another member's day is their own.
    const grace = await signUp('Grace');
    expect((await grace.client.post(`/api/support/tickets/${await openTicket(grace)}/messages`, { message: 'Hello' })).status).toBe(201);
  });

  it('reads a thread a bounded page at a time: the latest 50 without parameters, earlier ones by cursor, and only newer ones for a poll', async () => {
    const ada = await signUp();
    const flooded = await openTicket(ada, 'Flood', big(0));
    await floodTicket(ada, flooded, 199);
    expect((await admin.client.post(`/api/admin/support-tickets/${flooded}/messages`, { message: 'We read them all.' })).status).toBe(201);

    // A read without parameters (the spec's call) is the latest 50, oldest first, and its size is bounded.
    for (const [who, path] of [
      [ada, `/api/support/tickets/${flooded}/messages`],
      [admin, `/api/admin/support-tickets/${flooded}/messages`],
    ] as const) {
      const latest = await who.client.get(path);
      expect(latest.status).toBe(200);
      expect(latest.text.length).toBeLessThan(260_000);
      const page = latest.body as Message[];
      expect(page).toHaveLength(50);
      expect(page.at(-1)!.message).toBe('We read them all.');
      expect(page.at(-2)!.message).toBe(big(199));
      expect(latest.headers.get('x-earlier-cursor')).toBe(page[0]!.id);
    }

    // Paging back with the cursor reads the whole thread once, in order, the last page without a cursor.
    const all: Message[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=100&before=${cursor}` : '?limit=100';
      const read = await ada.client.get(`/api/support/tickets/${flooded}/messages${query}`);
      expect(read.status).toBe(200);
      all.unshift(...(read.body as Message[]));
      cursor = read.headers.get('x-earlier-cursor');
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(all.map((m) => m.message.split(' ')[0])).toEqual([...Array.from({ length: 200 }, (_, i) => String(i)), 'We']);

    // A poll asks only for what is newer than the last message it has.
    const since = await admin.client.get(`/api/admin/support-tickets/${flooded}/messages?after=${all.at(-3)!.id}`);
    expect((since.body as Message[]).map((m) => m.id)).toEqual([all.at(-2)!.id, all.at(-1)!.id]);
    expect((await ada.client.get(`/api/support/tickets/${flooded}/messages?after=${all.at(-1)!.id}`)).body).toEqual([]);

    // A cursor that is not a message of this ticket, or a bad limit, is refused.
    const other = await openTicket(ada, 'Another');
    const otherMessage = ((await ada.client.get(`/api/support/tickets/${other}/messages`)).body as Message[])[0]!.id;
    const foreign = await ada.client.get(`/api/support/tickets/${flooded}/messages?after=${otherMessage}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('The cursor is not a message of this ticket: use the x-earlier-cursor header or a message id of the thread.');
    for (const query of ['before=nope', 'limit=0', 'limit=101', `before=${all[5]!.id}&after=${all[9]!.id}`]) {
      expect((await ada.client.get(`/api/support/tickets/${flooded}/messages?${query}`)).status, query).toBe(400);
    }
  });
});
