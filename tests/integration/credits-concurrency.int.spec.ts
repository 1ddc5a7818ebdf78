import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { foldStream } from '../../backend/application/event-sourcing/command-handler';
import { createCreditsService } from '../../backend/application/credits/credits-service';
import { WrongExpectedVersionError, type EventStore } from '../../backend/application/ports/event-store';
import { QuotaExceeded } from '../../backend/domain/shared/domain-error';
import { monthlyAllowances } from '../../backend/domain/credits/allowances';
import { availableCredits, creditAccountDecider, creditAccountStream } from '../../backend/domain/credits/credit-account';
import { systemActor } from '../../backend/domain/shared/actor';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';
import { ScriptedIdeaGenerator, streamMessages } from '../support/scripted-idea-generator';

// Its own server and database: a ledger under fire, and nothing else.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { ideaGenerator: new ScriptedIdeaGenerator() });
});
afterAll(async () => t.close());

async function signUp() {
  const c = new Client(t.url);
  const res = await c.post('/api/auth/signup', newMember());
  expect(res.status).toBe(201);
  return { c, id: res.body.user.id as string };
}

/** The ledger as its events say, independent of any read model. */
async function ledgerOf(userId: string) {
  const events = await t.services.eventStore.readStream(creditAccountStream(userId));
  const state = foldStream(creditAccountDecider, events);
  const spends = events.filter((e) => e.type === 'CreditConsumed' && e.data.kind === 'idea');
  const refunds = events.filter((e) => e.type === 'CreditRefunded' && e.data.kind === 'idea');
  return { state, spends, refunds };
}

async function fire(c: Client, times: number) {
  return Promise.all(Array.from({ length: times }, (_, i) => c.post('/api/generate-ideas-stream', { skill: `Pottery ${i}` })));
}

describe('idea credits under concurrency', () => {
  it('20 simultaneous generations for a free member with 1 idea credit: exactly 1 succeeds, 19 get limitReached', async () => {
    const { c, id } = await signUp();
    const results = await fire(c, 20);

    const succeeded = results.filter((r) => r.status === 200);
    expect(succeeded).toHaveLength(1);
    const done = streamMessages(succeeded[0].text).at(-1);
    expect(done).toMatchObject({ done: true, ideaSetId: expect.any(String) });

    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ code: 'idea_limit', limitReached: true, upgradeRequired: true });
    }

    // The balance derived from the event stream is the allowance minus the recorded spends.
    const { state, spends, refunds } = await ledgerOf(id);
    expect(spends).toHaveLength(1);
    expect(refunds).toHaveLength(0);
    expect(availableCredits(state, 'idea')).toBe(monthlyAllowances.free.idea - spends.length + refunds.length);
    expect(availableCredits(state, 'idea')).toBe(0);
    // The one spend names the one set that exists.
    expect(spends[0].data.paidFor).toEqual({ ideaSetId: done.ideaSetId });
    const sets = (await c.get('/api/idea-sets')).body;
    expect(sets.map((s: { id: string }) => s.id)).toEqual([done.ideaSetId]);
    expect((await c.get('/api/credits')).body).toMatchObject({ used: { idea: 1 }, balances: { idea: 0 } });
    expect((await c.get('/api/auth/me')).body.ideasGenerated).toBe(1);
  });

  it('a pro member firing 20 at once gets exactly the 3 of the allowance, on an already open ledger', async () => {
    const { c, id } = await signUp();
    expect((await c.get('/api/credits')).status).toBe(200); // opens the ledger first
    const outcome = await t.services.identity.changeRole(id, 'pro', 'Paid subscription', { actor: systemActor('test'), requestId: 'upgrade' });
    await t.services.progress.waitFor(outcome.position!, 5000);
    // The member's cached session learns the new role from the users projection's NOTIFY, which
    // arrives a moment after the commit (under load, after the wait above): fire once it has.
    await expect.poll(async () => (await c.get('/api/auth/me')).body.role, { timeout: 5000 }).toBe('pro');

    const results = await fire(c, 20);
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(17);
    for (const r of refused) expect(r.body).toMatchObject({ code: 'idea_limit_pro', limitReached: true, upgradeRequired: false });

    const { state, spends } = await ledgerOf(id);
    expect(spends).toHaveLength(3);
    expect(availableCredits(state, 'idea')).toBe(monthlyAllowances.pro.idea - spends.length);
    expect(new Set(spends.map((s) => (s.data.paidFor as { ideaSetId: string }).ideaSetId)).size).toBe(3);
    expect((await c.get('/api/idea-sets')).body).toHaveLength(3);
  });
});

describe('the ledger under the worst interleaving', () => {
  /**
   * Every spender reads the ledger before any of them appends: all decide on the same
   * balance, so only the append with the right expected version can land.
   */
  function barrierStore(store: EventStore, readers: number) {
    let waiting: (() => void)[] = [];
    let released = false;
    let conflicts = 0;
    const wrapped: EventStore = {
      ...store,
      name: store.name,
      async readStream(stream) {
        const events = await store.readStream(stream);
        if (!released) {
          await new Promise<void>((resolve) => {
            waiting.push(resolve);
            if (waiting.length === readers) {
              released = true;
              waiting.forEach((go) => go());
              waiting = [];
            }
          });
        }
        return events;
      },
      async append(stream, events, context) {
        try {
          return await store.append(stream, events, context);
        } catch (error) {
          if (error instanceof WrongExpectedVersionError) conflicts += 1;
          throw error;
        }
      },
    };
    return { store: wrapped, conflicts: () => conflicts };
  }

  it('lets exactly one of 20 spends that all read the same balance land; the others lose the version race and are refused', async () => {
    const { id } = await signUp();
    const barrier = barrierStore(t.services.eventStore, 20);
    const credits = createCreditsService({ eventStore: barrier.store, ids: { next: randomUUID }, clock: { now: () => new Date() } });
    const member = { actor: { kind: 'user' as const, userId: id, role: 'free' as const }, requestId: 'race' };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        credits.consume({ userId: id, role: 'free' }, { consumptionId: `spend-${i}`, kind: 'idea', paidFor: { ideaSetId: `set-${i}` } }, member),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refusals = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refusals).toHaveLength(19);
    for (const r of refusals) {
      expect(r.reason).toBeInstanceOf(QuotaExceeded);
      expect(r.reason.code).toBe('idea_limit');
    }
    // Every loser really did collide on the stream version, then decided again on fresh history.
    expect(barrier.conflicts()).toBe(19);
    const { state, spends } = await ledgerOf(id);
    expect(spends).toHaveLength(1);
    expect(availableCredits(state, 'idea')).toBe(monthlyAllowances.free.idea - spends.length);
  });

  it('settles a burst larger than the retry budget of other commands: 30 help requests on a pro allowance of 20', async () => {
    const { id } = await signUp();
    const outcome = await t.services.identity.changeRole(id, 'pro', 'Paid subscription', { actor: systemActor('test'), requestId: 'upgrade-2' });
    await t.services.progress.waitFor(outcome.position!, 5000);
    const member = { actor: { kind: 'user' as const, userId: id, role: 'pro' as const }, requestId: 'burst' };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        t.services.credits.consume({ userId: id, role: 'pro' }, { consumptionId: `help-${i}`, kind: 'help', paidFor: { taskId: `task-${i}` } }, member),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(20);
    const refusals = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refusals.map((r) => r.reason.code)).toEqual(Array(10).fill('help_limit_pro'));
    const events = await t.services.eventStore.readStream(creditAccountStream(id));
    expect(events.filter((e) => e.type === 'CreditConsumed')).toHaveLength(20);
    expect(availableCredits(foldStream(creditAccountDecider, events), 'help')).toBe(0);
  });
});
