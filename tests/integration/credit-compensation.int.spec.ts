import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_REASON, createSpendCompensation } from '../../backend/application/credits/spend-compensation';
import { creditAccountStream } from '../../backend/domain/credits/credit-account';
import { SPEND_DEADLINE_MS } from '../../backend/projections/pending-spends/pending-spends-projection';
import { product } from '../../backend/infrastructure/slices/product-slices';
import { ProjectionRunner } from '../../backend/projections/runner/projection-runner';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';
import { MovableClock } from '../support/movable-clock';
import { ScriptedIdeaGenerator, streamMessages } from '../support/scripted-idea-generator';
import { pendingSpendsIn } from '../../backend/projections/pending-spends/pending-spends-projection';

const clock = new MovableClock();
const generator = new ScriptedIdeaGenerator();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { ideaGenerator: generator, clock });
});
afterAll(async () => t.close());
afterEach(() => clock.reset());

const quiet = { info: () => {}, error: () => {} };

async function signUp() {
  const c = new Client(t.url);
  const res = await c.post('/api/auth/signup', newMember());
  expect(res.status).toBe(201);
  return { c, id: res.body.user.id as string };
}

/** Spends an idea credit exactly as a generation does, then never saves the set (the process died). */
async function spendAndDie(userId: string) {
  const ideaSetId = randomUUID();
  const consumptionId = randomUUID();
  await t.services.credits.consume(
    { userId, role: 'free' },
    { consumptionId, kind: 'idea', paidFor: { ideaSetId } },
    { actor: { kind: 'user', userId, role: 'free' }, requestId: 'generation' },
  );
  return { ideaSetId, consumptionId };
}

/** Until the projection has the spend (a runner, and on a shared server the visibility horizon, may lag). */
async function pendingSeen(consumptionId: string, runner: { catchUpAll(): Promise<void> } = t.services.runner) {
  await expect
    .poll(
      async () => {
        await runner.catchUpAll();
        const row = await t.services.database.db.selectFrom('pending_spends').select('consumption_id').where('consumption_id', '=', consumptionId).executeTakeFirst();
        return Boolean(row);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

async function refundsOf(userId: string) {
  return (await t.services.eventStore.readStream(creditAccountStream(userId))).filter((e) => e.type === 'CreditRefunded');
}

const pastTheDeadline = () => clock.moveBy(SPEND_DEADLINE_MS + 1_000);

describe('credit compensation', () => {
  it('refunds a spend whose idea set was never recorded, only after the deadline, saying why, and only once', async () => {
    const { c, id } = await signUp();
    const { consumptionId, ideaSetId } = await spendAndDie(id);
    await pendingSeen(consumptionId);

    expect(await t.services.compensation.sweep()).toBe(0);
    expect(await refundsOf(id)).toHaveLength(0);

    pastTheDeadline();
    expect(await t.services.compensation.sweep()).toBe(1);
    const refunds = await refundsOf(id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].data).toMatchObject({ consumptionId, kind: 'idea', paidFor: { ideaSetId }, reason: ABANDONED_REASON });
    expect(refunds[0].actor).toMatchObject({ kind: 'system' });

    // Run it again (and again after the refund reached the projection): nothing more.
    expect(await t.services.compensation.sweep()).toBe(0);
    await t.services.runner.catchUpAll();
    expect(await t.services.compensation.sweep()).toBe(0);
    expect(await refundsOf(id)).toHaveLength(1);

    clock.reset();
    expect((await c.get('/api/credits')).body).toMatchObject({ used: { idea: 0 }, balances: { idea: 1 } });
    expect((await c.get('/api/credits/statement')).body.entries[0]).toMatchObject({ type: 'refunded', reason: ABANDONED_REASON });
  });

  it('never refunds a generation that saved its set, nor one the request already refunded', async () => {
    const saved = await signUp();
    expect(streamMessages((await saved.c.post('/api/generate-ideas-stream', { skill: 'Pottery' })).text).at(-1)).toMatchObject({ done: true });

    const failed = await signUp();
    generator.failNext();
    const res = await failed.c.post('/api/generate-ideas-stream', { skill: 'Pottery' });
    expect(streamMessages(res.text).at(-1)).toMatchObject({ errorType: 'timeout' });
    expect(await refundsOf(failed.id)).toHaveLength(1);

    await t.services.runner.catchUpAll();
    pastTheDeadline();
    expect(await t.services.compensation.sweep()).toBe(0);
    expect(await refundsOf(saved.id)).toHaveLength(0);
    expect(await refundsOf(failed.id)).toHaveLength(1);
  });

  it('plan credits too: a plan, milestone or help spend whose work was never recorded is refunded; a generated plan is not', async () => {
    const { c, id } = await signUp();
    const idea = { id: 'idea-1', title: 'Pet Portraits', subtitle: 'Paintings', description: 'Paint pets from photos.', category: 'fiverr', industry: 'Art', method: 'Gigs', pricing: '$40' };
    const kept = await c.post('/api/idea-sets', { skill: 'Painting', categories: [{ id: 'fiverr', name: 'Fiverr', color: 'green' }], ideas: [idea] });
    expect(kept.status).toBe(201);
    const generated = await c.post('/api/plans/generate', { ideaTitle: idea.title, ideaDescription: idea.description, category: 'fiverr', ideaId: idea.id });
    expect(generated.status).toBe(201);
    const planId = generated.body.planId as string;

    // Three spends as the plan routes make them, each followed by a crash before the work was recorded.
    const member = { userId: id, role: 'free' as const };
    const actor = { actor: { kind: 'user' as const, userId: id, role: 'free' as const }, requestId: 'plans' };
    const lost = [
      { consumptionId: randomUUID(), kind: 'plan' as const, paidFor: { planId: randomUUID() } },
      { consumptionId: randomUUID(), kind: 'milestone' as const, paidFor: { planId, milestoneId: randomUUID() } },
      { consumptionId: randomUUID(), kind: 'help' as const, paidFor: { planId, taskId: randomUUID() } },
    ];
    for (const spend of lost) await t.services.credits.consume(member, spend, actor);
    for (const spend of lost) await pendingSeen(spend.consumptionId);

    expect(await t.services.compensation.sweep()).toBe(0);
    pastTheDeadline();
    expect(await t.services.compensation.sweep()).toBe(3);
    const refunded = (await refundsOf(id)).map((e) => e.data.consumptionId);
    expect(refunded.sort()).toEqual(lost.map((s) => s.consumptionId).sort());
    expect(await t.services.compensation.sweep()).toBe(0);
  });

  it('two managers sweeping at once refund a spend once', async () => {
    const { id } = await signUp();
    const { consumptionId } = await spendAndDie(id);
    await pendingSeen(consumptionId);
    pastTheDeadline();
    const deps = { pendingSpends: pendingSpendsIn(t.services.database.db), eventStore: t.services.eventStore, credits: t.services.credits, clock, log: quiet };
    const results = await Promise.all([createSpendCompensation(deps).sweep(), createSpendCompensation(deps).sweep(), t.services.compensation.sweep()]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await refundsOf(id)).toHaveLength(1);
  });

  it('survives a restart: the spend made just before the crash is refunded by the next process', async () => {
    const { id } = await signUp();
    // The server dies right after the spend: its projections never saw it, nothing is in memory.
    await t.services.runner.stop();
    const { consumptionId } = await spendAndDie(id);

    // A new process: its own runner catches up from the checkpoints, its own manager sweeps.
    const runner = new ProjectionRunner(t.services.database.db, t.services.eventStore, product.projections, quiet);
    await pendingSeen(consumptionId, runner);
    const restarted = createSpendCompensation({
      pendingSpends: pendingSpendsIn(t.services.database.db),
      eventStore: t.services.eventStore,
      credits: t.services.credits,
      clock,
      log: quiet,
    });
    expect(await restarted.sweep()).toBe(0);
    pastTheDeadline();
    expect(await restarted.sweep()).toBe(1);
    expect((await refundsOf(id)).map((e) => e.data.consumptionId)).toEqual([consumptionId]);
    await t.services.runner.start();
  });
});
