import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { foldStream } from '../../backend/application/event-sourcing/command-handler';
import { creditsView } from '../../backend/application/credits/credits-service';
import { monthlyAllowances } from '../../backend/domain/credits/allowances';
import { creditAccountAt, creditAccountDecider, creditAccountStream } from '../../backend/domain/credits/credit-account';
import { systemActor } from '../../backend/domain/shared/actor';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';
import { ScriptedIdeaGenerator, streamMessages } from '../support/scripted-idea-generator';

/**
 * GET /api/credits is answered from the member's credit-accounts row (one primary-key
 * lookup) while its period runs, with a tier change the ledger has not recorded yet derived
 * at read time, and it is the same answer the ledger's own events give.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { ideaGenerator: new ScriptedIdeaGenerator() });
});
afterAll(async () => t.close());

const system = { actor: systemActor('test'), requestId: 'test' };

/** What the ledger's events say GET /api/credits should show now. */
async function fromTheStream(userId: string, tier: 'free' | 'pro') {
  const state = foldStream(creditAccountDecider, await t.services.eventStore.readStream(creditAccountStream(userId)));
  return creditsView(creditAccountAt(state, { userId, tier }, t.services.clock.now()));
}

describe('GET /api/credits from the read model', () => {
  it('shows spends, grants and an unrecorded upgrade exactly as the ledger does, and appends nothing', async () => {
    const c = new Client(t.url);
    const signup = await c.post('/api/auth/signup', newMember());
    const id = signup.body.user.id as string;
    expect(streamMessages((await c.post('/api/generate-ideas-stream', { skill: 'Pottery' })).text).at(-1)).toMatchObject({ done: true });
    const granted = await t.services.credits.grant({ userId: id, role: 'free' }, { kind: 'help', amount: 4, reason: 'Support' }, system);
    await t.services.progress.waitFor(granted.position!, 5000);

    const free = await c.get('/api/credits');
    expect(free.status).toBe(200);
    expect(free.body).toEqual(await fromTheStream(id, 'free'));
    expect(free.body).toMatchObject({ tier: 'free', used: { idea: 1 }, granted: { help: 4 }, balances: { idea: 0, help: monthlyAllowances.free.help + 4 } });

    // Upgraded: the ledger records the tier change only with its next command; the read shows it now.
    const upgraded = await t.services.identity.changeRole(id, 'pro', 'Paid subscription', system);
    await t.services.progress.waitFor(upgraded.position!, 5000);
    const head = await t.services.eventStore.headPosition();
    const pro = await c.get('/api/credits');
    expect(pro.body).toEqual(await fromTheStream(id, 'pro'));
    expect(pro.body).toMatchObject({ tier: 'pro', allowances: monthlyAllowances.pro, used: { idea: 1 }, balances: { idea: monthlyAllowances.pro.idea - 1 } });
    expect(await t.services.eventStore.headPosition()).toEqual(head);
  });

  it('reads the row, not the event stream: a change to the row is what the member sees', async () => {
    const c = new Client(t.url);
    const id = (await c.post('/api/auth/signup', newMember())).body.user.id as string;
    expect(streamMessages((await c.post('/api/generate-ideas-stream', { skill: 'Weaving' })).text).at(-1)).toMatchObject({ done: true });
    expect((await c.get('/api/credits')).body).toMatchObject({ used: { idea: 1 }, balances: { idea: 0 } });

    const db = t.services.database.db;
    await sql`update credit_accounts set used_idea = 0 where user_id = ${id}`.execute(db);
    expect((await c.get('/api/credits')).body).toMatchObject({ used: { idea: 0 }, balances: { idea: 1 } });
    await sql`update credit_accounts set used_idea = 1 where user_id = ${id}`.execute(db);
    expect((await c.get('/api/credits')).body).toMatchObject({ used: { idea: 1 }, balances: { idea: 0 } });
  });
});
