import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditAccountStream } from '../../backend/domain/credits/credit-account';
import { addMonthsUtc } from '../../backend/domain/credits/allowances';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';
import { ScriptedIdeaGenerator, streamMessages } from '../support/scripted-idea-generator';
import { MovableClock } from '../support/movable-clock';

const clock = new MovableClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { ideaGenerator: new ScriptedIdeaGenerator(), clock });
});
afterAll(async () => t.close());

describe('GET /api/credits after the month has ended', () => {
  it('appends nothing, still shows the new period with the allowance whole, and the next command records the reset', async () => {
    const member = newMember();
    const c = new Client(t.url);
    expect((await c.post('/api/auth/signup', member)).status).toBe(201);
    const first = streamMessages((await c.post('/api/generate-ideas-stream', { skill: 'Pottery' })).text).at(-1);
    expect(first).toMatchObject({ done: true });
    const before = (await c.get('/api/credits')).body;
    expect(before).toMatchObject({ used: { idea: 1 }, balances: { idea: 0 } });

    // Past the reset date; the session has expired by then, so sign in again first.
    clock.moveTo(new Date(new Date(before.creditsResetAt).getTime() + 60_000));
    expect((await c.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);
    const ledgerBefore = await t.services.eventStore.readStream(creditAccountStream(await userId(c)));
    await t.services.eventStore.committedReadable();
    const headBefore = await t.services.eventStore.headPosition();

    const credits = await c.get('/api/credits');
    const statement = await c.get('/api/credits/statement');
    await c.get('/api/credits');

    expect(credits.status).toBe(200);
    expect(credits.body).toMatchObject({
      tier: 'free',
      periodStart: before.creditsResetAt,
      creditsResetAt: addMonthsUtc(new Date(before.periodStart), 2).toISOString(),
      used: { idea: 0 },
      balances: { idea: 1, plan: 2, milestone: 3, help: 5 },
    });
    expect(statement.status).toBe(200);
    // Nothing was appended by the reads: not to the ledger, not anywhere.
    expect(await t.services.eventStore.headPosition()).toEqual(headBefore);
    expect(await t.services.eventStore.readStream(creditAccountStream(await userId(c)))).toHaveLength(ledgerBefore.length);

    // The next command records the roll, then the spend.
    const second = streamMessages((await c.post('/api/generate-ideas-stream', { skill: 'Weaving' })).text).at(-1);
    expect(second).toMatchObject({ done: true });
    const entries = (await c.get('/api/credits/statement')).body.entries;
    expect(entries.slice(0, 2)).toMatchObject([
      { type: 'spent', kind: 'idea' },
      { type: 'reset', periodStart: before.creditsResetAt },
    ]);
    expect((await c.get('/api/credits')).body).toMatchObject({ used: { idea: 1 }, balances: { idea: 0 } });
  });
});

async function userId(c: Client): Promise<string> {
  return (await c.get('/api/auth/me')).body.id;
}
