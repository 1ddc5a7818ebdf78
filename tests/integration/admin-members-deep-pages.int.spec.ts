import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../backend/domain/shared/actor';
import { pageAdminUsers } from '../../backend/projections/users/admin-user-queries';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The Members list's pages in sign-up order and its count, which start from the sign-up counts
 * per role and day (`user_signup_days`) rather than walking every member before them: every
 * page, in both directions, of everyone and of each role, is the page a plain OFFSET over the
 * users gives, with the same count, after sign-ups on either side of midnight UTC, role changes,
 * two members joining in one instant and an erasure; and a rebuild leaves the same counts.
 */

let t: TestApp;
const origin = { actor: null, requestId: 'test' };

/** Sign-up instants over four UTC days, some on the very edges of a day, two the same. */
const instants = [
  '2026-11-01T00:00:00.000Z',
  '2026-11-01T00:00:00.000Z',
  '2026-11-01T12:30:00.000Z',
  '2026-11-01T23:59:59.999Z',
  '2026-11-02T00:00:00.000Z',
  '2026-11-02T08:00:00.000Z',
  '2026-11-02T08:00:01.000Z',
  '2026-11-02T23:59:59.999Z',
  '2026-11-04T10:00:00.000Z',
  '2026-11-04T10:00:00.001Z',
  '2026-11-05T00:00:00.000Z',
  '2026-11-05T06:00:00.000Z',
  '2026-11-05T06:00:00.000Z',
  '2026-11-05T18:00:00.000Z',
];

async function register(at: string): Promise<string> {
  const userId = randomUUID();
  await t.services.eventStore.append(
    `user-${userId}`,
    [
      {
        id: randomUUID(),
        type: 'UserRegistered',
        schemaVersion: 1,
        data: { userId, firstName: 'Deep', lastName: 'Page', email: `deep.${userId.slice(0, 8)}@example.com`, passwordHash: 'x', role: 'free' },
      },
    ],
    { expectedVersion: 'any', actor: { kind: 'system', name: 'signup' }, occurredAt: new Date(at), causationId: randomUUID(), correlationId: randomUUID() },
  );
  return userId;
}

const db = () => t.services.database.db;

/** The page and count as a plain OFFSET and count(*) over the users give them. */
async function plainPage(role: Role | undefined, direction: 'asc' | 'desc', page: number, pageSize: number) {
  const dir = sql.raw(direction);
  const where = role ? sql`where role = ${role}` : sql``;
  const { rows } = await sql<{ id: string }>`
    select id from users ${where} order by created_at ${dir}, id ${dir} limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db());
  const { rows: counted } = await sql<{ n: string }>`select count(*) as n from users ${where}`.execute(db());
  return { ids: rows.map((row) => row.id), total: Number(counted[0].n) };
}

async function expectEveryPageAsPlain() {
  for (const role of [undefined, 'free', 'pro', 'admin'] as const) {
    for (const direction of ['desc', 'asc'] as const) {
      for (const pageSize of [1, 3, 4]) {
        for (let page = 1; page <= Math.ceil((instants.length + 20) / pageSize) + 1; page += 1) {
          const ours = await pageAdminUsers(db(), role ? { role } : {}, { sort: 'createdAt', order: direction }, { page, pageSize });
          const plain = await plainPage(role, direction, page, pageSize);
          const label = `${role ?? 'everyone'} ${direction} page ${page} of ${pageSize}`;
          expect(ours.rows.map((row) => row.id), label).toEqual(plain.ids);
          expect(ours.total, label).toBe(plain.total);
        }
      }
    }
  }
}

const signupDays = async () =>
  (await sql<{ role: string; day: string; members: number }>`
    select role, day::text as day, members from user_signup_days order by role, day`.execute(db())).rows;

let members: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  members = [];
  for (const at of instants) members.push(await register(at));
  await t.services.identity.changeRole(members[1], 'pro', 'test', origin);
  await t.services.identity.changeRole(members[7], 'pro', 'test', origin);
  await t.services.identity.changeRole(members[12], 'pro', 'test', origin);
  await t.services.identity.changeRole(members[12], 'free', 'test', origin);
  await t.services.identity.changeRole(members[13], 'admin', 'test', origin);
  await t.services.runner.catchUpAll();
});
afterAll(async () => t?.close());

describe('the Members list in sign-up order', () => {
  it('gives every page and count a plain OFFSET and count(*) give, for everyone and each role, both ways', async () => {
    expect(await signupDays()).toEqual([
      { role: 'admin', day: '2026-11-05', members: 1 },
      { role: 'free', day: '2026-11-01', members: 3 },
      { role: 'free', day: '2026-11-02', members: 3 },
      { role: 'free', day: '2026-11-04', members: 2 },
      { role: 'free', day: '2026-11-05', members: 3 },
      { role: 'pro', day: '2026-11-01', members: 1 },
      { role: 'pro', day: '2026-11-02', members: 1 },
    ]);
    await expectEveryPageAsPlain();
  });

  it('no longer counts or lists an erased member, and a rebuild leaves the same counts', async () => {
    const admin = members[13];
    await t.services.accountErasure.erase(members[5], { actor: { kind: 'user', userId: admin, role: 'admin' }, requestId: 'test' });
    await t.services.runner.catchUpAll();
    const days = await signupDays();
    expect(days).toContainEqual({ role: 'free', day: '2026-11-02', members: 2 });
    await expectEveryPageAsPlain();

    await t.services.runner.rebuildAll();
    expect(await signupDays()).toEqual(days);
    await expectEveryPageAsPlain();
  });

  it('counts every one of twenty sign-ups of the same day committing side by side', async () => {
    const before = await pageAdminUsers(db(), {}, { sort: 'createdAt', order: 'desc' }, { page: 1, pageSize: 1 });
    await Promise.all(Array.from({ length: 20 }, (_, i) => register(`2026-11-06T10:00:${String(i).padStart(2, '0')}.000Z`)));
    await t.services.runner.catchUpAll();
    expect(await signupDays()).toContainEqual({ role: 'free', day: '2026-11-06', members: 20 });
    const after = await pageAdminUsers(db(), {}, { sort: 'createdAt', order: 'desc' }, { page: 1, pageSize: 1 });
    expect(after.total).toBe(before.total + 20);
    await expectEveryPageAsPlain();
  });

  it('answers an empty page past the last member, with the count', async () => {
    const answer = await pageAdminUsers(db(), {}, { sort: 'createdAt', order: 'desc' }, { page: 50, pageSize: 10 });
    expect(answer.rows).toEqual([]);
    expect(answer.total).toBe(instants.length - 1 + 20);
  });
});
