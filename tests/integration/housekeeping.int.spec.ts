import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneSpentRecords, retention, schedulePruning } from '../../backend/application/identity/housekeeping';
import { createTestDatabase, type TestDatabase } from '../support/database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const ahead = (ms: number) => new Date(now.getTime() + ms);
const hour = 60 * 60_000;

async function seed(prefix: string) {
  const db = database.handle.db;
  const session = (name: string, expires: Date, revoked: Date | null) => ({
    token_hash: `${prefix}-${name}`,
    user_id: 'u1',
    password_fingerprint: 'f',
    created_at: ago(2 * hour),
    last_seen_at: ago(hour),
    expires_at: expires,
    revoked_at: revoked,
  });
  await db
    .insertInto('sessions')
    .values([session('live', ahead(hour), null), session('expired', ago(1), null), session('revoked', ahead(hour), ago(hour))])
    .execute();
  const token = (name: string, expires: Date, used: Date | null) => ({
    token_hash: `${prefix}-${name}`,
    user_id: 'u1',
    created_at: ago(2 * hour),
    expires_at: expires,
    used_at: used,
  });
  await db
    .insertInto('password_reset_tokens')
    .values([token('live', ahead(hour), null), token('expired', ago(1), null), token('used', ahead(hour), ago(1))])
    .execute();
  await db
    .insertInto('auth_attempts')
    .values([
      { action: 'sign_in', account: `${prefix}-recent@example.com`, ip: '192.0.2.1', at: ago(60_000) },
      { action: 'password_reset', account: `${prefix}-recent@example.com`, ip: '192.0.2.1', at: ago(retention.attemptsMs - 60_000) },
      { action: 'sign_in', account: `${prefix}-old@example.com`, ip: '192.0.2.1', at: ago(retention.attemptsMs + 60_000) },
    ])
    .execute();
  const email = (name: string, created: Date, sent: Date | null) => ({
    recipient: `${prefix}-${name}@example.com`,
    subject: 's',
    body: 'b',
    created_at: created,
    next_attempt_at: created,
    sent_at: sent,
  });
  await db
    .insertInto('email_outbox')
    .values([email('waiting', ago(hour), null), email('sent', ago(retention.sentEmailsMs + hour), ago(retention.sentEmailsMs + 1)), email('just-sent', ago(hour), ago(1)), email('stale', ago(retention.unsentEmailsMs + hour), null)])
    .execute();
}

async function left(prefix: string) {
  const db = database.handle.db;
  return {
    sessions: (await db.selectFrom('sessions').select('token_hash').where('token_hash', 'like', `${prefix}-%`).execute()).map((r) => r.token_hash),
    tokens: (await db.selectFrom('password_reset_tokens').select('token_hash').where('token_hash', 'like', `${prefix}-%`).execute()).map(
      (r) => r.token_hash,
    ),
    attempts: (await db.selectFrom('auth_attempts').select('account').where('account', 'like', `${prefix}-%`).execute()).map((r) => r.account),
    emails: (await db.selectFrom('email_outbox').select('recipient').where('recipient', 'like', `${prefix}-%`).execute()).map((r) => r.recipient),
  };
}

describe('pruning spent records', () => {
  it('deletes expired or revoked sessions, expired or used reset tokens, old attempts and sent or stale emails, and keeps the rest', async () => {
    await seed('a');
    const counts = await pruneSpentRecords(database.handle.db, now);
    expect(counts).toEqual({ sessions: 2, resetTokens: 2, attempts: 1, emails: 2 });
    expect(await left('a')).toEqual({
      sessions: ['a-live'],
      tokens: ['a-live'],
      attempts: ['a-recent@example.com', 'a-recent@example.com'],
      emails: ['a-waiting@example.com', 'a-just-sent@example.com'],
    });
    expect(await pruneSpentRecords(database.handle.db, now)).toEqual({ sessions: 0, resetTokens: 0, attempts: 0, emails: 0 });
  });

  it('runs on a schedule, at once and then every interval, until stopped', async () => {
    await seed('b');
    const runs: number[] = [];
    const pruning = schedulePruning(database.handle.db, {
      now: () => now,
      intervalMs: 50,
      onPruned: (counts) => runs.push(counts.sessions),
    });
    await expect.poll(() => runs.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await pruning.stop();
    const after = runs.length;
    expect(runs[0]).toBe(2);
    expect((await left('b')).sessions).toEqual(['b-live']);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(runs.length).toBe(after);
  });
});

describe('pruning the Google sign-in steps (issue 52)', () => {
  it('deletes sign-ins begun and link offers once used or expired, and keeps the live ones', async () => {
    const db = database.handle.db;
    const step = (name: string, expires: Date, used: Date | null) => ({ created_at: ago(hour), expires_at: expires, used_at: used, redirect: null, name });
    const rows = [step('live', ahead(hour), null), step('expired', ago(1), null), step('used', ahead(hour), ago(1))];
    await db
      .insertInto('google_sign_in_requests')
      .values(rows.map(({ name, ...row }) => ({ ...row, state_hash: `g-${name}`, nonce: 'n', code_verifier: 'v', user_id: null })))
      .execute();
    await db
      .insertInto('google_link_offers')
      .values(rows.map(({ name, ...row }) => ({ ...row, token_hash: `g-${name}`, user_id: 'u1', google_id: 'sub', email: 'a@b.c' })))
      .execute();
    const counts = await pruneSpentRecords(db, now);
    expect(counts.resetTokens).toBe(4);
    expect((await db.selectFrom('google_sign_in_requests').select('state_hash').where('state_hash', 'like', 'g-%').execute()).map((r) => r.state_hash)).toEqual(['g-live']);
    expect((await db.selectFrom('google_link_offers').select('token_hash').where('token_hash', 'like', 'g-%').execute()).map((r) => r.token_hash)).toEqual(['g-live']);
  });
});
