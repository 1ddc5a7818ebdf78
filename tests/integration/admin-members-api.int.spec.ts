import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserActor } from '../../backend/domain/shared/actor';
import { adminUserBatches, pageAdminUsers } from '../../backend/projections/users/admin-user-queries';
import { distinctive } from '../support/distinctive';
import { memberWithData, staffMember, type MemberWithData } from '../support/member-data';
import { Client, eventCount, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * The admin Members API (issue 32; back-office §2 Members tab, User view, Delete user dialog; §7):
 * admins only; never on one's own account; never losing the last enabled admin; disabling ends
 * the member's sessions at once; the list's search, filter, sort, paging and count; the CSV
 * export; a member's idea sets, plans and audit trail.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof staffMember>>;
let moderator: Awaited<ReturnType<typeof staffMember>>;
let free: { client: Client; userId: string };
let pro: { client: Client; userId: string };

async function signedUp(overrides: Parameters<typeof newMember>[0] = {}) {
  const client = new Client(t.url);
  const details = newMember(overrides);
  const signup = await client.post('/api/auth/signup', details);
  expect(signup.status, signup.text).toBe(201);
  return { client, userId: signup.body.user.id as string, ...details };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await staffMember(t, 'admin');
  moderator = await staffMember(t, 'moderator');
  free = await signedUp();
  pro = await signedUp();
  await t.services.identity.changeRole(pro.userId, 'pro', 'test', { actor: null, requestId: 'test' });
  await t.services.runner.catchUpAll();
});
afterAll(async () => t?.close());

const endpoints = (id: string) =>
  [
    ['GET', '/api/admin/users', undefined],
    ['GET', '/api/admin/users/export', undefined],
    ['GET', `/api/admin/users/${id}`, undefined],
    ['PUT', `/api/admin/users/${id}/role`, { role: 'admin', reason: 'take over' }],
    ['PATCH', `/api/admin/users/${id}/toggle-disabled`, { disabled: true }],
    ['DELETE', `/api/admin/users/${id}`, undefined],
    ['GET', `/api/admin/users/${id}/ideas`, undefined],
    ['GET', `/api/admin/users/${id}/plans`, undefined],
    ['GET', `/api/admin/users/${id}/audit`, undefined],
  ] as const;

describe('who may call the Members API', () => {
  it('answers 401 to a visitor and 403 to free, pro and moderator members, and changes nothing', async () => {
    const before = await t.services.database.db.selectFrom('users').selectAll().where('id', '=', free.userId).executeTakeFirstOrThrow();
    for (const [method, path, body] of endpoints(free.userId)) {
      expect((await new Client(t.url).request(method, path, body)).status, `visitor ${method} ${path}`).toBe(401);
      for (const [name, caller] of [['free', free.client], ['pro', pro.client], ['moderator', moderator.client]] as const) {
        const answer = await caller.request(method, path, body);
        expect(answer.status, `${name} ${method} ${path}`).toBe(403);
      }
    }
    const after = await t.services.database.db.selectFrom('users').selectAll().where('id', '=', free.userId).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe('an admin on their own account', () => {
  it('may not change their role, disable or delete it (403), and nothing changes', async () => {
    const counts = async () => [await eventCount(t, 'UserRoleChanged'), await eventCount(t, 'UserDisabled'), await eventCount(t, 'MemberErased')];
    const before = await counts();
    const role = await admin.client.put(`/api/admin/users/${admin.userId}/role`, { role: 'free', reason: 'stepping down' });
    expect(role.status).toBe(403);
    expect(role.body).toEqual({ message: 'You cannot change your own role', code: 'own_role' });
    const disable = await admin.client.request('PATCH', `/api/admin/users/${admin.userId}/toggle-disabled`, { disabled: 'true' });
    expect(disable.status).toBe(403);
    expect(disable.body.code).toBe('own_account');
    const deleted = await admin.client.request('DELETE', `/api/admin/users/${admin.userId}`);
    expect(deleted.status).toBe(403);
    expect(deleted.body).toEqual({ message: 'You cannot delete your own account here. Delete it from your profile settings.', code: 'own_account_delete' });
    const enable = await admin.client.request('PATCH', `/api/admin/users/${admin.userId}/toggle-disabled`, { disabled: false });
    expect(enable.status).toBe(403);
    expect(await counts()).toEqual(before);
    const me = await admin.client.get('/api/auth/me');
    expect(me.body.user ?? me.body).toMatchObject({ id: admin.userId, role: 'admin', disabled: 'false' });
  });

  it('may not open their own user view either (back-office §2: none of these on one’s own account)', async () => {
    for (const path of ['', '/ideas', '/plans', '/audit']) {
      const own = await admin.client.get(`/api/admin/users/${admin.userId}${path}`);
      expect(own.status, path).toBe(403);
      expect(own.body, path).toEqual({ message: 'You cannot do this to your own account', code: 'own_account_admin' });
    }
  });
});

describe('the last enabled admin', () => {
  let lone: TestApp;
  afterAll(async () => lone?.close());

  it('is never demoted, disabled or deleted (409), counting only enabled admins other than the target', async () => {
    lone = await startTestApp();
    const a = await staffMember(lone, 'admin');
    const b = await staffMember(lone, 'admin');
    const staleB: UserActor = { kind: 'user', userId: b.userId, role: 'admin' };

    const demoted = await a.client.put(`/api/admin/users/${b.userId}/role`, { role: 'free', reason: 'no longer staff' });
    expect(demoted.status, demoted.text).toBe(200);
    expect(demoted.body.role).toBe('free');
    // B's session now knows they are free: the admin folder refuses them.
    expect((await b.client.put(`/api/admin/users/${a.userId}/role`, { role: 'free' })).status).toBe(403);
    // A request B sent while still an admin (its actor read before the demotion) meets the rule.
    const members = lone.services.adminMembers;
    const refused = members.changeRole(staleB, a.userId, 'free', undefined, 'stale-1');
    await expect(refused).rejects.toMatchObject({ code: 'last_admin', kind: 'conflict', data: { loss: 'demote' } });
    await expect(members.setDisabled(staleB, a.userId, true, 'stale', 'stale-2')).rejects.toMatchObject({ code: 'last_admin', data: { loss: 'disable' } });
    await expect(members.delete(staleB, a.userId, 'stale-3')).rejects.toMatchObject({ code: 'last_admin', data: { loss: 'delete' } });
    // A demotion to admin (no change) is not a loss.
    await expect(members.changeRole(staleB, a.userId, 'admin', undefined, 'stale-4')).resolves.toMatchObject({ position: null });

    // A disabled admin does not count: with B an admin again but disabled, A is still the last enabled one.
    expect((await a.client.put(`/api/admin/users/${b.userId}/role`, { role: 'admin', reason: 'back on staff' })).status).toBe(200);
    expect((await a.client.request('PATCH', `/api/admin/users/${b.userId}/toggle-disabled`, { disabled: true })).status).toBe(200);
    await expect(members.changeRole(staleB, a.userId, 'pro', undefined, 'stale-5')).rejects.toMatchObject({ code: 'last_admin' });
    expect(await members.member(staleB, a.userId)).toMatchObject({ role: 'admin', disabled: 'false' });

    // Two admins demoting each other at once leave one admin, never none.
    expect((await a.client.request('PATCH', `/api/admin/users/${b.userId}/toggle-disabled`, { disabled: false })).status).toBe(200);
    const { token } = await lone.services.identity.startSession(b.userId);
    const bAgain = new Client(lone.url, { cookie: `skilly_session=${encodeURIComponent(lone.app.signCookie(token))}` });
    const answers = await Promise.all([
      a.client.put(`/api/admin/users/${b.userId}/role`, { role: 'free' }),
      bAgain.put(`/api/admin/users/${a.userId}/role`, { role: 'free' }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const conflict = answers.find((answer) => answer.status === 409);
    if (conflict) expect(conflict.body).toEqual({ message: 'This is the last enabled admin. Make another account an admin before changing this role.', code: 'last_admin' });
    const admins = await lone.services.database.db.selectFrom('users').select('id').where('role', '=', 'admin').where('disabled', '=', false).execute();
    expect(admins).toHaveLength(1);
  });
});

describe('disabling a member', () => {
  it('ends their sessions at once, and enabling lets them sign in again', async () => {
    const member = await signedUp();
    await t.services.runner.catchUpAll();
    expect((await member.client.get('/api/auth/me')).status).toBe(200);

    const disabled = await admin.client.request('PATCH', `/api/admin/users/${member.userId}/toggle-disabled`, { disabled: 'true', reason: 'Spam' });
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.body).toMatchObject({ id: member.userId, disabled: 'true' });
    expect([401, 403]).toContain((await member.client.get('/api/auth/me')).status);
    expect([401, 403]).toContain((await member.client.get('/api/idea-sets')).status);
    const refusedSignIn = await new Client(t.url).post('/api/auth/login', { email: member.email, password: member.password });
    expect(refusedSignIn.status).toBe(403);

    const enabled = await admin.client.request('PATCH', `/api/admin/users/${member.userId}/toggle-disabled`, { disabled: false });
    expect(enabled.status).toBe(200);
    expect(enabled.body.disabled).toBe('false');
    const again = new Client(t.url);
    expect((await again.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);
    expect((await again.get('/api/auth/me')).status).toBe(200);
  });
});

describe('the members list', () => {
  const prefix = distinctive('Zlist');
  let people: { userId: string; firstName: string; email: string }[];

  beforeAll(async () => {
    people = [];
    for (const first of ['Bea', 'anna', 'Carl']) people.push(await signedUp({ firstName: first, lastName: `${prefix}${first}` }));
    await t.services.identity.changeRole(people[2].userId, 'pro', 'test', { actor: null, requestId: 'test' });
    await t.services.runner.catchUpAll();
  });

  const list = (query: string) => admin.client.get(`/api/admin/users?${query}`);

  it('searches the start of first name, last name or email in any case, or a whole id; counts in x-total-count', async () => {
    const byLast = await list(`search=${prefix.toUpperCase()}`);
    expect(byLast.status).toBe(200);
    expect(byLast.headers.get('x-total-count')).toBe('3');
    expect(byLast.body.map((m: { id: string }) => m.id).sort()).toEqual(people.map((p) => p.userId).sort());
    const byEmail = await list(`search=${encodeURIComponent(people[0].email.slice(0, 12).toUpperCase())}`);
    expect(byEmail.body.map((m: { id: string }) => m.id)).toContain(people[0].userId);
    const byId = await list(`search=${people[1].userId}`);
    expect(byId.body.map((m: { id: string }) => m.id)).toEqual([people[1].userId]);
    // Not a substring search, and % or _ are letters, not wildcards.
    expect((await list(`search=${prefix.slice(2)}`)).headers.get('x-total-count')).toBe('0');
    expect((await list('search=%25')).headers.get('x-total-count')).toBe('0');
    expect((await list(`search=${prefix}_`)).headers.get('x-total-count')).toBe('0');
  });

  it('filters by role, sorts, pages, and refuses a bad query (400)', async () => {
    const pros = await list(`search=${prefix}&role=pro`);
    expect(pros.body.map((m: { id: string }) => m.id)).toEqual([people[2].userId]);
    const byName = await list(`search=${prefix}&sort=name`);
    expect(byName.body.map((m: { firstName: string }) => m.firstName)).toEqual(['anna', 'Bea', 'Carl']);
    const byNameDesc = await list(`search=${prefix}&sort=name&order=desc`);
    expect(byNameDesc.body.map((m: { firstName: string }) => m.firstName)).toEqual(['Carl', 'Bea', 'anna']);
    const newestFirst = await list(`search=${prefix}`);
    expect(newestFirst.body.map((m: { firstName: string }) => m.firstName)).toEqual(['Carl', 'anna', 'Bea']);
    const page2 = await list(`search=${prefix}&sort=name&pageSize=2&page=2`);
    expect(page2.body.map((m: { firstName: string }) => m.firstName)).toEqual(['Carl']);
    expect(page2.headers.get('x-total-count')).toBe('3');
    for (const sort of ['email', 'role', 'ideasGenerated', 'activePlans', 'tokenUsage', 'createdAt']) {
      const sorted = await list(`search=${prefix}&sort=${sort}`);
      expect(sorted.status, sort).toBe(200);
      expect(sorted.body).toHaveLength(3);
    }
    for (const bad of ['pageSize=101', 'page=0', 'sort=password', 'role=owner', 'order=up']) {
      const answer = await list(bad);
      expect(answer.status, bad).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
  });

  it('gives the export every match in batches, in the order of the list', async () => {
    const db = t.services.database.db;
    for (const order of [
      { sort: 'name', order: 'asc' },
      { sort: 'createdAt', order: 'desc' },
      { sort: 'role', order: 'asc' },
      { sort: 'email', order: 'desc' },
    ] as const) {
      const batches: string[][] = [];
      for await (const rows of adminUserBatches(db, { search: prefix }, order, 2)) batches.push(rows.map((row) => row.id));
      expect(batches.map((batch) => batch.length)).toEqual([2, 1]);
      const { rows } = await pageAdminUsers(db, { search: prefix }, order, { page: 1, pageSize: 10 });
      expect(batches.flat()).toEqual(rows.map((row) => row.id));
    }
  });
});

describe('the CSV export', () => {
  it('is a file of every match, each value escaped and safe from formulas', async () => {
    const email = `${distinctive('csv')}@example.com`;
    const member = await signedUp({ firstName: '=HYPERLINK("http://evil")', lastName: 'O"Brien, Jr', email });
    await t.services.runner.catchUpAll();
    const answer = await admin.client.get(`/api/admin/users/export?search=${encodeURIComponent(email)}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="skilly-members-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = answer.text.split('\r\n');
    expect(lines[0]).toBe('id,firstName,lastName,email,role,disabled,country,ideasGenerated,activePlans,milestoneCredits,helpCredits,tokenUsage,creditsResetAt,createdAt');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(lines[1].startsWith(`${member.userId},"'=HYPERLINK(""http://evil"")","O""Brien, Jr",${email},free,false,,0,0,0,0,0,`)).toBe(true);
    const everyone = await admin.client.get('/api/admin/users/export');
    const total = (await admin.client.get('/api/admin/users?pageSize=1')).headers.get('x-total-count');
    expect(everyone.text.split('\r\n').filter(Boolean)).toHaveLength(Number(total) + 1);
  });
});

describe('one member, their content and their audit trail', () => {
  let member: MemberWithData;
  beforeAll(async () => {
    member = await memberWithData(t, admin);
  });

  it('answers the member, their idea sets and plans; an unknown id is 404 "User not found"', async () => {
    const one = await admin.client.get(`/api/admin/users/${member.userId}`);
    expect(one.body).toMatchObject({ id: member.userId, email: member.email, firstName: member.firstName, role: 'pro' });
    const ideas = await admin.client.get(`/api/admin/users/${member.userId}/ideas`);
    expect(ideas.status).toBe(200);
    expect(ideas.body).toHaveLength(1);
    expect(ideas.body[0]).toMatchObject({ skill: member.skill, userFirstName: member.firstName, userLastName: member.lastName, userEmail: member.email });
    expect(ideas.body[0].ideas[0].title).toBe(member.ideaTitle);
    const plans = await admin.client.get(`/api/admin/users/${member.userId}/plans`);
    expect(plans.body.map((plan: { id: string }) => plan.id)).toEqual([member.planId]);
    expect((await admin.client.get(`/api/admin/users/${free.userId}/plans`)).body).toEqual([]);
    for (const path of ['', '/ideas', '/plans', '/audit']) {
      const unknown = await admin.client.get(`/api/admin/users/no-such-user${path}`);
      expect(unknown.status, path).toBe(404);
      expect(unknown.body).toEqual({ message: 'User not found', code: 'user_not_found' });
    }
  });

  it('shows sign-up, the role change naming the admin and the reason, disable and enable, credits spent; filters by kind', async () => {
    const role = await admin.client.put(`/api/admin/users/${member.userId}/role`, { role: 'moderator', reason: 'Helps on the forum' });
    expect(role.status).toBe(200);
    expect(role.body.role).toBe('moderator');
    expect((await admin.client.request('PATCH', `/api/admin/users/${member.userId}/toggle-disabled`, { disabled: true, reason: 'Checking a complaint' })).status).toBe(200);
    expect((await admin.client.request('PATCH', `/api/admin/users/${member.userId}/toggle-disabled`, { disabled: false })).status).toBe(200);

    const audit = await admin.client.get(`/api/admin/users/${member.userId}/audit`);
    expect(audit.status).toBe(200);
    const entries = audit.body as { at: string; kind: string; type: string; summary: string; actor: { kind: string; id: string | null; name: string; role: string | null }; cause: string; reason: string | null }[];
    expect(entries.map((entry) => entry.at)).toEqual(entries.map((entry) => entry.at).sort().reverse());
    const adminName = `${admin.firstName} ${admin.lastName}`;
    const [{ title: planTitle }] = (await admin.client.get(`/api/admin/users/${member.userId}/plans`)).body as { title: string }[];

    expect(entries[0]).toMatchObject({ type: 'UserEnabled', kind: 'access', summary: 'Account enabled', actor: { kind: 'user', id: admin.userId, name: adminName, role: 'admin' } });
    expect(entries[1]).toMatchObject({ type: 'UserDisabled', kind: 'access', summary: 'Account disabled', reason: 'Checking a complaint' });
    expect(entries.find((entry) => entry.type === 'UserRoleChanged' && entry.actor.kind === 'user')).toMatchObject({
      kind: 'role',
      summary: 'Role changed from pro to moderator',
      reason: 'Helps on the forum',
      actor: { id: admin.userId, name: adminName, role: 'admin' },
    });
    expect(entries.find((entry) => entry.type === 'UserRoleChanged' && entry.actor.kind === 'system')).toMatchObject({
      summary: 'Role changed from free to pro',
      actor: { name: 'Billing', id: null, role: null },
      reason: 'The Pro subscription became active',
    });
    const signUp = entries.at(-1)!;
    expect(signUp).toMatchObject({ type: 'UserRegistered', kind: 'account', actor: { kind: 'system', name: 'Signup' } });
    expect(signUp.summary).toContain(member.email);
    expect(entries.some((entry) => entry.type === 'CreditConsumed' && entry.kind === 'credits' && entry.summary === `Spent a plan credit for the plan “${planTitle}”`)).toBe(true);
    expect(entries.some((entry) => entry.type === 'PaymentRecorded' && entry.kind === 'payments')).toBe(true);
    expect(entries.every((entry) => entry.cause.length > 0)).toBe(true);

    const { password_hash: hash } = await t.services.database.db.selectFrom('users').select('password_hash').where('id', '=', member.userId).executeTakeFirstOrThrow();
    expect(audit.text).not.toContain(hash);
    expect(audit.text).not.toContain(member.password);

    const roles = await admin.client.get(`/api/admin/users/${member.userId}/audit?kind=role`);
    expect(roles.body.length).toBeGreaterThanOrEqual(2);
    expect(roles.body.every((entry: { kind: string }) => entry.kind === 'role')).toBe(true);
    expect((await admin.client.get(`/api/admin/users/${member.userId}/audit?kind=everything`)).status).toBe(400);
  });

  it('deletes the member through the erasure; they are gone afterwards', async () => {
    const deleted = await admin.client.request('DELETE', `/api/admin/users/${member.userId}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(typeof deleted.body.message).toBe('string');
    expect((await admin.client.get(`/api/admin/users/${member.userId}`)).status).toBe(404);
    expect([401, 403]).toContain((await member.client.get('/api/auth/me')).status);
    expect((await admin.client.request('DELETE', `/api/admin/users/${member.userId}`)).status).toBe(404);
  });
});
