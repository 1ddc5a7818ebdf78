import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiGenerationError } from '../../backend/application/ports/idea-generator';
import { creditAccountStream } from '../../backend/domain/credits/credit-account';
import { systemActor, type Role } from '../../backend/domain/shared/actor';
import { Client, everyEvent, newMember, startTestApp, type TestApp } from '../support/test-app';
import { ScriptedIdeaGenerator, scriptedUsage, streamMessages } from '../support/scripted-idea-generator';

const generator = new ScriptedIdeaGenerator();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { ideaGenerator: generator });
});
afterAll(async () => t.close());

/** A signed-in member with the given role (signup makes a free member; the system changes the role). */
async function member(role: Role = 'free') {
  const c = new Client(t.url);
  const res = await c.post('/api/auth/signup', newMember());
  expect(res.status).toBe(201);
  const id: string = res.body.user.id;
  if (role !== 'free') {
    const outcome = await t.services.identity.changeRole(id, role, 'test setup', { actor: systemActor('test'), requestId: `role-${id}` });
    expect(await t.services.progress.waitFor(outcome.position!, 5000)).toBe(true);
  }
  return { c, id };
}

const generate = (c: Client, body: Record<string, unknown> = { skill: 'Watercolour painting' }) =>
  c.post('/api/generate-ideas-stream', body);

async function eventsOf(streamName: string) {
  return t.services.eventStore.readStream(streamName);
}

const customization = {
  skill: 'Guitar lessons',
  skillLevel: 'expert',
  availableHours: 12,
  incomeGoal: 2500,
  timeline: '30-days',
  niches: ['jazz'],
  platforms: ['YouTube'],
  regionFocus: 'Lisbon',
  languages: ['Portuguese'],
};

describe('POST /api/generate-ideas-stream for a free member', () => {
  it('streams chunks, spends the idea credit, keeps the set and answers done with its id', async () => {
    const { c, id } = await member();
    const res = await generate(c);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const messages = streamMessages(res.text);
    const chunks = messages.filter((m) => 'content' in m);
    expect(chunks.length).toBeGreaterThan(1);
    // Every chunk says which generator writes, so the screen can label it from the start.
    expect(chunks.every((m) => m.generator === 'offline')).toBe(true);
    const done = messages[messages.length - 1];
    expect(done).toMatchObject({ done: true, generator: 'offline', ideaSetId: expect.any(String) });
    expect(done.ideas.ideas).toHaveLength(12);
    expect(done.ideas.categories.map((cat: { id: string }) => cat.id)).toEqual(['fiverr', 'online', 'offline', 'social']);
    expect(done.ideas.personalized).toBe(false);
    // The streamed text is what was parsed.
    expect(JSON.parse(chunks.map((m) => m.content).join('')).ideas).toHaveLength(12);

    // Read your writes: the very next reads show the set and the spend.
    const sets = await c.get('/api/idea-sets');
    expect(sets.status).toBe(200);
    expect(sets.body).toEqual([
      {
        id: done.ideaSetId,
        skill: 'Watercolour painting',
        categories: done.ideas.categories,
        ideas: done.ideas.ideas,
        personalized: false,
        createdAt: expect.any(String),
      },
    ]);
    const me = await c.get('/api/auth/me');
    expect(me.body).toMatchObject({ ideasGenerated: 1, milestoneCredits: 0, helpCredits: 0, tokenUsage: 600 });
    expect(new Date(me.body.creditsResetAt).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);

    const credits = await c.get('/api/credits');
    expect(credits.status).toBe(200);
    expect(credits.body).toEqual({
      tier: 'free',
      periodStart: expect.any(String),
      creditsResetAt: me.body.creditsResetAt,
      allowances: { idea: 1, plan: 2, milestone: 3, help: 5 },
      granted: { idea: 0, plan: 0, milestone: 0, help: 0 },
      used: { idea: 1, plan: 0, milestone: 0, help: 0 },
      balances: { idea: 0, plan: 2, milestone: 3, help: 5 },
    });

    const statement = await c.get('/api/credits/statement');
    expect(statement.status).toBe(200);
    expect(statement.body.entries).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        type: 'spent',
        kind: 'idea',
        amount: -1,
        balanceAfter: 0,
        consumptionId: expect.any(String),
        paidFor: { ideaSetId: done.ideaSetId },
      },
      {
        id: expect.any(String),
        at: expect.any(String),
        type: 'opened',
        tier: 'free',
        allowances: { idea: 1, plan: 2, milestone: 3, help: 5 },
        periodStart: credits.body.periodStart,
        resetAt: credits.body.creditsResetAt,
      },
    ]);

    // The set's event is recorded with the member as the actor.
    const [created] = await eventsOf(`idea-set-${done.ideaSetId}`);
    expect(created).toMatchObject({ type: 'IdeaSetCreated', actor: { kind: 'user', userId: id, role: 'free' } });
    expect(created.data).toMatchObject({ ownerId: id, source: 'generated', skill: 'Watercolour painting' });
  });

  it('refuses the second generation of the month with idea_limit, before anything streams or the AI is called', async () => {
    const { c } = await member();
    expect((await generate(c)).status).toBe(200);
    const callsBefore = generator.calls.length;
    const res = await generate(c);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toEqual({
      message: "You've reached your idea generation limit for this month. Upgrade to Pro for more.",
      code: 'idea_limit',
      limitReached: true,
      upgradeRequired: true,
    });
    expect(generator.calls.length).toBe(callsBefore);
    expect((await c.get('/api/idea-sets')).body).toHaveLength(1);
  });

  it('ignores customization from a free member: the prompt never sees it', async () => {
    const { c } = await member();
    const res = await generate(c, customization);
    expect(res.status).toBe(200);
    const input = generator.lastCall;
    expect(input.personalized).toBe(false);
    expect(input.request).toEqual({ skill: 'Guitar lessons' });
    expect(input.userPrompt).toContain('Guitar lessons');
    for (const text of ['expert', '2500', 'Lisbon', 'Portuguese', 'jazz', 'YouTube', 'Member profile']) {
      expect(input.userPrompt).not.toContain(text);
    }
    expect(streamMessages(res.text).at(-1).ideas.personalized).toBe(false);
  });

  it('refuses an empty skill with the form message and spends nothing', async () => {
    const { c } = await member();
    const res = await generate(c, { skill: '   ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'No skill provided', code: 'validation_error' });
    expect((await generate(c)).status).toBe(200);
  });
});

describe('a failing generation', () => {
  it('gives the idea credit back and says what went wrong in the stream', async () => {
    const { c, id } = await member();
    generator.failNext(new AiGenerationError('rate_limit', 'Too many requests. Please wait a moment before trying again.'));
    const res = await generate(c);
    expect(res.status).toBe(200);
    const messages = streamMessages(res.text);
    expect(messages.at(-1)).toEqual({
      error: 'Too many requests. Please wait a moment before trying again.',
      errorType: 'rate_limit',
    });
    expect(messages.some((m) => m.done)).toBe(false);

    const credits = await c.get('/api/credits');
    expect(credits.body.used.idea).toBe(0);
    expect(credits.body.balances.idea).toBe(1);
    expect((await c.get('/api/auth/me')).body.ideasGenerated).toBe(0);
    expect((await c.get('/api/idea-sets')).body).toEqual([]);
    const entries = (await c.get('/api/credits/statement')).body.entries;
    expect(entries.map((e: { type: string }) => e.type)).toEqual(['refunded', 'spent', 'opened']);
    expect(entries[0]).toMatchObject({
      kind: 'idea',
      amount: 1,
      balanceAfter: 1,
      consumptionId: entries[1].consumptionId,
      paidFor: entries[1].paidFor,
      reason: 'Idea generation failed (rate_limit)',
    });
    // The refund is the system's doing, in the same request's correlation.
    const ledger = await eventsOf(creditAccountStream(id));
    const refund = ledger.find((e) => e.type === 'CreditRefunded')!;
    const spend = ledger.find((e) => e.type === 'CreditConsumed')!;
    expect(refund.actor).toEqual({ kind: 'system', name: 'credit-refund' });
    expect(refund.correlationId).toBe(spend.correlationId);

    // The credit is really back: the next generation succeeds.
    const again = streamMessages((await generate(c)).text).at(-1);
    expect(again).toMatchObject({ done: true });
  });

  it('refunds when the answer cannot be parsed, and reports a parse error', async () => {
    const { c } = await member();
    generator.answerNext('Sorry, I cannot help with that.');
    const messages = streamMessages((await generate(c)).text);
    expect(messages.at(-1)).toEqual({ error: 'Failed to parse ideas. Please try again.', errorType: 'parse_error' });
    expect((await c.get('/api/credits')).body.balances.idea).toBe(1);
  });

  it('parses an answer wrapped in code fences with HTML entities', async () => {
    const { c } = await member();
    generator.answerNext(
      '```json\n{"categories":[{"id":"fiverr","name":"Fiverr Gigs","color":"green"}],"ideas":[{"id":"a","title":"Logos &amp; icons","subtitle":"s","description":"d","category":"fiverr","industry":"i","method":"m","pricing":"$5"}],"personalized":false}\n```',
    );
    const done = streamMessages((await generate(c)).text).at(-1);
    expect(done).toMatchObject({ done: true });
    expect(done.ideas.ideas[0].title).toBe('Logos & icons');
  });
});

describe('a pro member', () => {
  it('gets customization into the prompt and personalized ideas, and the ledger follows the upgrade', async () => {
    const { c } = await member('pro');
    const res = await generate(c, customization);
    expect(res.status).toBe(200);
    const input = generator.lastCall;
    expect(input.personalized).toBe(true);
    expect(input.request).toMatchObject({ skillLevel: 'expert', incomeGoal: 2500, regionFocus: 'Lisbon' });
    expect(input.userPrompt).toContain('Skill level: expert');
    expect(input.userPrompt).toContain('Lisbon');
    const done = streamMessages(res.text).at(-1);
    expect(done.ideas.personalized).toBe(true);
    expect((await c.get('/api/idea-sets')).body[0].personalized).toBe(true);
    expect((await c.get('/api/credits')).body).toMatchObject({
      tier: 'pro',
      allowances: { idea: 3, plan: 5, milestone: 15, help: 20 },
      balances: { idea: 2 },
    });
  });

  it('is refused with idea_limit_pro after three sets, without an upgrade offer', async () => {
    const { c } = await member('pro');
    for (let i = 0; i < 3; i++) expect(streamMessages((await generate(c)).text).at(-1)).toMatchObject({ done: true });
    const res = await generate(c);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'idea_limit_pro', limitReached: true, upgradeRequired: false });
    expect(res.body.message).toMatch(/^You've reached your idea generation limit for this month. Your credits reset on \d+ \w+ \d{4}\.$/);
  });

  it('moves to the pro allowances when a free member is upgraded, keeping what was used', async () => {
    const { c, id } = await member();
    expect((await generate(c)).status).toBe(200);
    const outcome = await t.services.identity.changeRole(id, 'pro', 'Paid subscription', { actor: systemActor('test'), requestId: 'upgrade' });
    await t.services.progress.waitFor(outcome.position!, 5000);
    const credits = await c.get('/api/credits');
    expect(credits.body).toMatchObject({ tier: 'pro', used: { idea: 1 }, balances: { idea: 2 } });
    // Reads derive the tier without recording it; the next command on the ledger records it.
    expect((await c.get('/api/credits/statement')).body.entries[0]).toMatchObject({ type: 'spent' });
    expect((await generate(c)).status).toBe(200);
    expect((await c.get('/api/credits/statement')).body.entries.slice(0, 2)).toMatchObject([
      { type: 'spent', kind: 'idea', balanceAfter: 1 },
      { type: 'tier_changed', from: 'free', to: 'pro' },
    ]);
  });
});

describe('staff', () => {
  it.each(['admin', 'moderator'] as const)('%s gets 403 and the AI is not called', async (role) => {
    const { c } = await member(role);
    const before = generator.calls.length;
    const res = await generate(c);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect(res.body.limitReached).toBeUndefined();
    expect(generator.calls.length).toBe(before);
    expect((await c.get('/api/credits')).status).toBe(403);
    expect((await c.get('/api/idea-sets')).status).toBe(403);
  });
});

describe('AI usage', () => {
  it('records every call, successful or not, with model, tokens, cost, generator and who asked', async () => {
    const { c, id } = await member();
    generator.failNext(new AiGenerationError('timeout', 'Request timed out. Please try again.'));
    await generate(c);
    await generate(c);
    await t.services.runner.catchUpAll();
    const all = await everyEvent(t);
    const calls = all.filter((e) => e.type === 'AiCallRecorded' && (e.data as { userId: string }).userId === id);
    expect(calls.map((e) => e.data)).toEqual([
      expect.objectContaining({ kind: 'ideas', generator: 'offline', outcome: 'failed', errorType: 'timeout', inputTokens: 0, audience: 'free' }),
      expect.objectContaining({
        kind: 'ideas',
        generator: 'offline',
        model: scriptedUsage.model,
        inputTokens: scriptedUsage.inputTokens,
        outputTokens: scriptedUsage.outputTokens,
        costUsd: scriptedUsage.costUsd,
        outcome: 'succeeded',
        errorType: null,
        audience: 'free',
      }),
    ]);
    // One stream per call: calls never contend with each other.
    expect(new Set(calls.map((e) => e.streamName)).size).toBe(2);
    expect(calls.every((e) => e.streamName.startsWith('ai-call-'))).toBe(true);
  });
});

describe('idea sets', () => {
  const trialIdeas = {
    skill: 'Baking sourdough',
    categories: [{ id: 'offline', name: 'Local/Offline', color: 'orange' }],
    ideas: [
      {
        id: 'offline-1',
        title: 'Weekend bread subscription',
        subtitle: 'Neighbours pay for fresh loaves',
        description: 'Bake and deliver.',
        category: 'offline',
        industry: 'Food',
        method: 'Local service',
        pricing: '$25 per month',
      },
    ],
  };

  it('save-pending keeps the trial ideas the server generated for the member who just signed up, at no credit', async () => {
    const c = new Client(t.url);
    const done = streamMessages((await generate(c, { skill: 'Baking sourdough' })).text).at(-1);
    expect(done).toMatchObject({ done: true, trialToken: expect.any(String) });
    expect((await c.post('/api/auth/signup', newMember())).status).toBe(201);
    // What the client posts besides the token is ignored: the set is what the server generated.
    const res = await c.post('/api/idea-sets/save-pending', { trialToken: done.trialToken, ...trialIdeas, personalized: true });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      skill: 'Baking sourdough',
      categories: done.ideas.categories,
      ideas: done.ideas.ideas,
      personalized: false,
      createdAt: expect.any(String),
    });
    expect((await c.get('/api/idea-sets')).body).toEqual([res.body]);
    expect((await c.get('/api/credits')).body.used.idea).toBe(0);
    const [created] = await eventsOf(`idea-set-${res.body.id}`);
    expect(created.data).toMatchObject({ source: 'trial' });
  });

  it('POST /api/idea-sets keeps a set; newest first; personalized only for pro', async () => {
    const { c } = await member();
    const first = await c.post('/api/idea-sets', trialIdeas);
    const second = await c.post('/api/idea-sets', { ...trialIdeas, skill: 'Knitting', personalized: true });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.personalized).toBe(false);
    expect((await c.get('/api/idea-sets')).body.map((s: { skill: string }) => s.skill)).toEqual(['Knitting', 'Baking sourdough']);

    const pro = await member('pro');
    expect((await pro.c.post('/api/idea-sets', { ...trialIdeas, personalized: true })).body.personalized).toBe(true);
  });

  it("never shows or touches another member's sets", async () => {
    const ada = await member();
    const grace = await member();
    const adaSet = (await ada.c.post('/api/idea-sets', trialIdeas)).body;
    const graceDone = streamMessages((await generate(grace.c)).text).at(-1);
    const adaSets = (await ada.c.get('/api/idea-sets')).body;
    const graceSets = (await grace.c.get('/api/idea-sets')).body;
    expect(adaSets.map((s: { id: string }) => s.id)).toEqual([adaSet.id]);
    expect(graceSets.map((s: { id: string }) => s.id)).toEqual([graceDone.ideaSetId]);
    // Grace's spend is on her ledger only.
    expect((await ada.c.get('/api/credits')).body.used.idea).toBe(0);
    expect((await grace.c.get('/api/credits')).body.used.idea).toBe(1);
  });

  it('refuses visitors and invalid sets', async () => {
    const visitor = new Client(t.url);
    expect((await visitor.get('/api/idea-sets')).status).toBe(401);
    expect((await visitor.post('/api/idea-sets/save-pending', trialIdeas)).status).toBe(401);
    expect((await visitor.get('/api/credits')).status).toBe(401);
    const { c } = await member();
    const res = await c.post('/api/idea-sets', { ...trialIdeas, ideas: [] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
  });
});

describe('read models', () => {
  it('a rebuild from zero gives identical users, credit, statement and idea set tables', async () => {
    const db = t.services.database.db;
    await t.services.runner.catchUpAll();
    const snapshot = async () => ({
      users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
      credits: await db.selectFrom('credit_accounts').selectAll().orderBy('user_id').execute(),
      statement: await db.selectFrom('credit_statement').selectAll().orderBy('event_id').execute(),
      ideaSets: await db.selectFrom('idea_sets').selectAll().orderBy('id').execute(),
    });
    const live = await snapshot();
    expect(live.credits.length).toBeGreaterThan(5);
    expect(live.statement.length).toBeGreaterThan(10);
    expect(live.ideaSets.length).toBeGreaterThan(5);
    expect(live.users.some((u) => u.ideas_generated > 0 && u.token_usage > 0)).toBe(true);
    for (const projection of t.services.runner.projections) await t.services.runner.rebuild(projection);
    expect(await snapshot()).toEqual(live);
  });
});
