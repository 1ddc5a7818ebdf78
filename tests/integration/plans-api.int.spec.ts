import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiGenerationError, type GeneratedText } from '../../backend/application/ports/idea-generator';
import type { MilestonePromptInput, PlanGenerator, PlanPromptInput, TaskHelpPromptInput } from '../../backend/application/ports/plan-generator';
import { planStream } from '../../backend/domain/plans/plan';
import { OfflinePlanGenerator } from '../../backend/infrastructure/ai/offline-plan-generator';
import { scriptedUsage } from '../support/scripted-idea-generator';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * Action plans through the real HTTP API on a real database (member-product §2-§9, issue 9):
 * generation from one of the member's ideas, tasks, help, the next milestone, the history, the
 * credits each step spends or gives back, and another member's ids answered as not found.
 */

/** The offline plan generator, unless the script says to fail or to answer a given text. */
class ScriptedPlanGenerator implements PlanGenerator {
  readonly kind = 'offline' as const;
  readonly calls: string[] = [];
  private readonly offline = new OfflinePlanGenerator();
  private readonly script: ({ error: Error } | { text: string })[] = [];

  failNext(error: Error) {
    this.script.push({ error });
    return this;
  }
  answerNext(text: string) {
    this.script.push({ text });
    return this;
  }
  private async step(kind: string, real: () => Promise<GeneratedText>): Promise<GeneratedText> {
    this.calls.push(kind);
    const next = this.script.shift();
    if (!next) return real();
    if ('error' in next) throw next.error;
    return { text: next.text, usage: scriptedUsage };
  }
  generatePlan(input: PlanPromptInput) {
    return this.step('plan', () => this.offline.generatePlan(input));
  }
  generateMilestone(input: MilestonePromptInput) {
    return this.step('milestone', () => this.offline.generateMilestone(input));
  }
  generateTaskHelp(input: TaskHelpPromptInput) {
    return this.step('help', () => this.offline.generateTaskHelp(input));
  }
}

let t: TestApp;
const generator = new ScriptedPlanGenerator();
beforeAll(async () => {
  t = await startTestApp({}, { planGenerator: generator });
});
afterAll(async () => t?.close());

const idea = { id: 'idea-1', title: 'Custom Pet Portraits', subtitle: 'Pet owners pay for a painting', description: 'Paint pets from photos and sell on Fiverr.', category: 'fiverr', industry: 'Art', method: 'Gigs', pricing: '$40-120' };
const planRequest = { ideaTitle: idea.title, ideaDescription: idea.description, category: 'fiverr', ideaId: idea.id };

/** A signed-up free member who kept one idea set holding `idea`. */
async function memberWithIdea() {
  const client = new Client(t.url);
  const signup = await client.post('/api/auth/signup', newMember());
  expect(signup.status).toBe(201);
  const saved = await client.post('/api/idea-sets', {
    skill: 'Pet painting',
    categories: [{ id: 'fiverr', name: 'Fiverr', color: 'green' }],
    ideas: [idea],
  });
  expect(saved.status).toBe(201);
  return { client, userId: signup.body.user.id as string };
}

async function generatePlan(client: Client) {
  const generated = await client.post('/api/plans/generate', planRequest);
  expect(generated.status, JSON.stringify(generated.body)).toBe(201);
  return generated.body.planId as string;
}

const used = async (client: Client) => (await client.get('/api/credits')).body.used as Record<string, number>;
const planOf = async (client: Client, planId: string) => (await client.get(`/api/plans/${planId}`)).body;
const tasksOf = (plan: any, week = 0) => plan.milestones[week].tasks as { id: string; title: string; completed: string; helpResponse: string | null }[];

describe('plan generation', () => {
  it('turns an owned idea into a plan: one plan credit, the first week detailed, the rest locked outlines, counted in activePlans', async () => {
    const { client } = await memberWithIdea();
    const planId = await generatePlan(client);

    const plan = await planOf(client, planId);
    expect(plan).toMatchObject({ id: planId, status: 'active', category: 'fiverr', ideaId: 'idea-1', progress: 0, currentMilestone: 1, completedMilestones: 0 });
    expect(plan.totalMilestones).toBe(6);
    const [first, ...rest] = plan.milestones;
    expect(first.isDetailed).toBe('true');
    expect(first.tasks.length).toBeGreaterThanOrEqual(5);
    expect(first.tasks.length).toBeLessThanOrEqual(8);
    expect(first.tasks.every((task: any) => task.completed === 'false' && task.helpResponse === null)).toBe(true);
    expect(first.freeResources.length).toBeGreaterThan(0);
    expect(first.freeResources.every((r: any) => /^https:\/\//.test(r.url))).toBe(true);
    expect(rest.every((m: any) => m.isDetailed === 'false' && m.tasks.length === 0)).toBe(true);

    const list = await client.get('/api/plans');
    expect(list.status).toBe(200);
    expect(list.body.map((p: any) => p.id)).toEqual([planId]);
    expect(list.body[0]).toMatchObject({ title: plan.title, status: 'active', progress: 0, totalMilestones: 6 });

    expect(await used(client)).toMatchObject({ plan: 1, milestone: 0, help: 0 });
    expect((await client.get('/api/auth/me')).body.activePlans).toBe(1);
  });

  it('answers 404 "Idea not found" for an idea that is not in the member’s idea sets, and spends nothing', async () => {
    const owner = await memberWithIdea();
    const other = new Client(t.url);
    expect((await other.post('/api/auth/signup', newMember())).status).toBe(201);

    for (const body of [planRequest, { ...planRequest, ideaId: 'no-such-idea' }, { ...planRequest, ideaId: undefined }]) {
      const refused = await other.post('/api/plans/generate', body);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ message: 'Idea not found', code: 'idea_not_found' });
    }
    expect(await used(other)).toMatchObject({ plan: 0 });
    expect((await owner.client.get('/api/plans')).body).toEqual([]);
  });

  it('refuses missing plan information before anything else', async () => {
    const { client } = await memberWithIdea();
    const refused = await client.post('/api/plans/generate', { ...planRequest, ideaTitle: '  ' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Missing plan information');
    expect(await used(client)).toMatchObject({ plan: 0 });
  });

  it.each([
    ['timeout', () => generator.failNext(new AiGenerationError('timeout', 'x')), 504, 'Request timed out. Please try again.'],
    ['rate_limit', () => generator.failNext(new AiGenerationError('rate_limit', 'x')), 429, 'Too many requests. Please wait a moment before trying again.'],
    ['parse_error', () => generator.answerNext('Sorry, I cannot help with that.'), 502, 'AI response was invalid. Please try again.'],
    ['validation_error', () => generator.answerNext(JSON.stringify({ title: 'A plan', milestones: [{ title: 'Week 1', tasks: [] }] })), 502, 'AI response was invalid. Please try again.'],
  ])('a %s of the AI is answered with its errorType and the plan credit given back', async (errorType, script, status, message) => {
    const { client, userId } = await memberWithIdea();
    script();
    const failed = await client.post('/api/plans/generate', planRequest);
    expect(failed.status).toBe(status);
    expect(failed.body).toMatchObject({ errorType, message });
    expect(await used(client)).toMatchObject({ plan: 0 });
    expect((await client.get('/api/plans')).body).toEqual([]);
    // The failed call is recorded for the usage statistics, like every AI call.
    const { rows } = await sql<{ data: any }>`
      select data from events where type = 'AiCallRecorded' and data->>'userId' = ${userId}`.execute(t.services.database.db);
    expect(rows.map((r) => r.data)).toEqual([expect.objectContaining({ kind: 'plan', outcome: 'failed', errorType })]);
    // The next try spends the credit and gets the plan.
    await generatePlan(client);
    expect(await used(client)).toMatchObject({ plan: 1 });
  });

  it('a free member gets 2 plans a month, then limitReached with plan_limit and upgradeRequired; a pro member plan_limit_pro', async () => {
    const free = await memberWithIdea();
    await generatePlan(free.client);
    await generatePlan(free.client);
    const refused = await free.client.post('/api/plans/generate', planRequest);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'plan_limit', limitReached: true, upgradeRequired: true });
    expect(refused.body.message).toBe("You've reached your plan generation limit for this month. Upgrade to Pro for more.");
    expect((await free.client.get('/api/plans')).body).toHaveLength(2);

    const pro = await memberWithIdea();
    await t.services.identity.changeRole(pro.userId, 'pro', 'test', { actor: null, requestId: 'test' });
    await t.services.runner.catchUpAll();
    for (let i = 0; i < 5; i++) await generatePlan(pro.client);
    const proRefused = await pro.client.post('/api/plans/generate', planRequest);
    expect(proRefused.status).toBe(403);
    expect(proRefused.body).toMatchObject({ code: 'plan_limit_pro', limitReached: true, upgradeRequired: false });
    expect((await pro.client.get('/api/auth/me')).body.activePlans).toBe(5);
  });

  it('with an Idempotency-Key a repeated generate answers the first plan and spends once', async () => {
    const { client } = await memberWithIdea();
    const headers = { 'idempotency-key': 'plan-once-1' };
    const first = await client.post('/api/plans/generate', planRequest, headers);
    const again = await client.post('/api/plans/generate', planRequest, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.planId).toBe(first.body.planId);
    expect(await used(client)).toMatchObject({ plan: 1 });
  });
});

describe('working through a plan', () => {
  it('toggle every task of week 1 → next milestone → help: credits spent exactly as the ledger says, progress as §9', async () => {
    const { client } = await memberWithIdea();
    const planId = await generatePlan(client);
    let plan = await planOf(client, planId);
    const week1 = tasksOf(plan);

    const first = await client.request('PATCH', `/api/tasks/${week1[0].id}/toggle`, { completed: true });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ planId, status: 'active', task: { id: week1[0].id, completed: 'true' } });
    expect(first.body.progress).toBe(Math.round(100 / week1.length));
    expect(tasksOf(await planOf(client, planId))[0].completed).toBe('true');

    for (const task of week1.slice(1)) {
      expect((await client.request('PATCH', `/api/tasks/${task.id}/toggle`, { completed: 'true' })).status).toBe(200);
    }
    plan = await planOf(client, planId);
    expect(plan).toMatchObject({ progress: 100, completedMilestones: 1, currentMilestone: 1, status: 'active' });

    const next = await client.post(`/api/plans/${planId}/generate-next-milestone`);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body.milestone).toMatchObject({ id: plan.milestones[1].id, orderIndex: 1, isDetailed: 'true' });
    expect(next.body.milestone.tasks.length).toBeGreaterThanOrEqual(5);
    expect(next.body.plan).toMatchObject({ id: planId, currentMilestone: 2 });
    plan = await planOf(client, planId);
    expect(plan.milestones[1].isDetailed).toBe('true');
    expect(plan.progress).toBe(Math.round((100 * week1.length) / (week1.length + plan.milestones[1].tasks.length)));

    const week2 = tasksOf(plan, 1);
    const help = await client.post(`/api/tasks/${week2[0].id}/help`);
    expect(help.status).toBe(200);
    expect(help.body.help.length).toBeGreaterThan(20);
    expect(help.body.task).toMatchObject({ id: week2[0].id, helpResponse: help.body.help });
    expect(tasksOf(await planOf(client, planId), 1)[0].helpResponse).toBe(help.body.help);

    const again = await client.post(`/api/tasks/${week2[0].id}/help`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('help_already_provided');

    expect(await used(client)).toMatchObject({ plan: 1, milestone: 1, help: 1 });
    const me = (await client.get('/api/auth/me')).body;
    expect(me).toMatchObject({ activePlans: 1, milestoneCredits: 1, helpCredits: 1 });
  });

  it('refuses the next milestone while a task is open, and spends nothing', async () => {
    const { client } = await memberWithIdea();
    const planId = await generatePlan(client);
    const [task] = tasksOf(await planOf(client, planId));
    await client.request('PATCH', `/api/tasks/${task.id}/toggle`, { completed: true });
    const aiCallsBefore = generator.calls.length;
    const refused = await client.post(`/api/plans/${planId}/generate-next-milestone`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'previous_tasks_incomplete', message: 'Complete previous tasks first' });
    expect(await used(client)).toMatchObject({ milestone: 0 });
    expect(generator.calls.length).toBe(aiCallsBefore);
    expect((await planOf(client, planId)).milestones[1].isDetailed).toBe('false');
  });

  it('gives the credit back when the AI fails on the next milestone or on help', async () => {
    const { client } = await memberWithIdea();
    const planId = await generatePlan(client);
    for (const task of tasksOf(await planOf(client, planId))) await client.request('PATCH', `/api/tasks/${task.id}/toggle`, { completed: true });

    generator.failNext(new AiGenerationError('timeout', 'x'));
    const failed = await client.post(`/api/plans/${planId}/generate-next-milestone`);
    expect(failed.status).toBe(504);
    expect(failed.body.errorType).toBe('timeout');
    expect((await planOf(client, planId)).milestones[1].isDetailed).toBe('false');

    const taskId = tasksOf(await planOf(client, planId))[0].id;
    generator.answerNext('   ');
    const noHelp = await client.post(`/api/tasks/${taskId}/help`);
    expect(noHelp.status).toBe(502);
    expect(noHelp.body).toMatchObject({ errorType: 'validation_error', message: 'Failed to get task help' });
    expect(tasksOf(await planOf(client, planId))[0].helpResponse).toBeNull();

    expect(await used(client)).toMatchObject({ milestone: 0, help: 0 });
  });

  it('adds a task to a detailed milestone, refuses one on a locked outline or without a title; a toggle without a body flips', async () => {
    const { client } = await memberWithIdea();
    const planId = await generatePlan(client);
    const plan = await planOf(client, planId);

    const added = await client.post(`/api/plans/${planId}/milestones/${plan.milestones[0].id}/tasks`, { title: '  Post the gig on Reddit  ' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ title: 'Post the gig on Reddit', completed: 'false', helpResponse: null });
    expect(tasksOf(await planOf(client, planId)).at(-1)).toMatchObject({ id: added.body.id, title: 'Post the gig on Reddit' });

    const locked = await client.post(`/api/plans/${planId}/milestones/${plan.milestones[1].id}/tasks`, { title: 'Too early' });
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({ code: 'milestone_locked', message: 'Complete previous milestones to unlock' });
    const empty = await client.post(`/api/plans/${planId}/milestones/${plan.milestones[0].id}/tasks`, { title: '   ' });
    expect(empty.status).toBe(400);
    const noMilestone = await client.post(`/api/plans/${planId}/milestones/nope/tasks`, { title: 'Somewhere' });
    expect(noMilestone.status).toBe(404);

    const flipped = await client.request('PATCH', `/api/tasks/${added.body.id}/toggle`, {});
    expect(flipped.body.task.completed).toBe('true');
    const back = await client.request('PATCH', `/api/tasks/${added.body.id}/toggle`, {});
    expect(back.body.task.completed).toBe('false');
  });

  it('concurrent toggles of one task leave one consistent state and one completion event', async () => {
    const { client } = await memberWithIdea();
    const planId = await generatePlan(client);
    const taskId = tasksOf(await planOf(client, planId))[0].id;
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.request('PATCH', `/api/tasks/${taskId}/toggle`, { completed: true })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(answers.every((a) => a.body.task.completed === 'true')).toBe(true);
    const stream = await t.services.eventStore.readStream(planStream.name(planId));
    expect(stream.filter((e) => e.type === 'TaskCompleted')).toHaveLength(1);
    expect(tasksOf(await planOf(client, planId))[0].completed).toBe('true');
  });

  it('completing every task of every milestone completes the plan and takes it out of activePlans', async () => {
    const { client } = await memberWithIdea();
    // A short plan: two weeks, both detailed by the end.
    generator.answerNext(
      JSON.stringify({
        title: 'Two Weeks of Portraits',
        description: 'A short plan.',
        category: 'fiverr',
        timeEstimate: '2 weeks',
        milestones: [
          { title: 'Week 1', description: 'Start', timeEstimate: '1 week', isDetailed: true, tasks: ['a', 'b', 'c', 'd', 'e'].map((x) => ({ title: `Task ${x}`, description: '' })), freeResources: [], paidResources: [], successCriteria: 'Done' },
          { title: 'Week 2', description: 'Sell', timeEstimate: '1 week', isDetailed: false, tasks: [], freeResources: [], paidResources: [], successCriteria: '' },
        ],
      }),
    );
    const planId = await generatePlan(client);
    const toggleAll = async (week: number) => {
      for (const task of tasksOf(await planOf(client, planId), week)) await client.request('PATCH', `/api/tasks/${task.id}/toggle`, { completed: true });
    };
    await toggleAll(0);
    expect((await client.post(`/api/plans/${planId}/generate-next-milestone`)).status).toBe(200);
    await toggleAll(1);
    const plan = await planOf(client, planId);
    expect(plan).toMatchObject({ status: 'completed', progress: 100, completedMilestones: 2 });
    expect((await client.get('/api/auth/me')).body.activePlans).toBe(0);
    expect((await client.post(`/api/plans/${planId}/generate-next-milestone`)).body.code).toBe('all_milestones_detailed');

    // Reopening a task makes the plan active again.
    const reopened = await client.request('PATCH', `/api/tasks/${tasksOf(plan, 1)[0].id}/toggle`, { completed: false });
    expect(reopened.body.status).toBe('active');
    expect((await client.get('/api/auth/me')).body.activePlans).toBe(1);
  });
});

describe('plan history', () => {
  it('lists what happened, when and by whom, and shows the plan as it stood at any version', async () => {
    const { client, userId } = await memberWithIdea();
    const planId = await generatePlan(client);
    const [a, b] = tasksOf(await planOf(client, planId));
    await client.request('PATCH', `/api/tasks/${a.id}/toggle`, { completed: true });
    await client.request('PATCH', `/api/tasks/${b.id}/toggle`, { completed: true });
    await client.request('PATCH', `/api/tasks/${a.id}/toggle`, { completed: false });

    const history = await client.get(`/api/plans/${planId}/history`);
    expect(history.status).toBe(200);
    expect(history.body.entries.map((e: any) => e.type)).toEqual(['PlanCreated', 'TaskCompleted', 'TaskCompleted', 'TaskReopened']);
    expect(history.body.entries.map((e: any) => e.version)).toEqual([0, 1, 2, 3]);
    expect(history.body.entries[1]).toMatchObject({ taskId: a.id, taskTitle: a.title, summary: `Completed the task “${a.title}”` });
    expect(history.body.entries[3].summary).toBe(`Reopened the task “${a.title}”`);
    expect(history.body.entries.every((e: any) => e.actor.kind === 'user' && e.actor.userId === userId && !Number.isNaN(Date.parse(e.occurredAt)))).toBe(true);
    expect(history.body.at).toBe(3);
    expect(tasksOf(history.body.plan).slice(0, 2).map((task) => task.completed)).toEqual(['false', 'true']);

    const atTwo = await client.get(`/api/plans/${planId}/history?at=2`);
    expect(atTwo.body.at).toBe(2);
    expect(tasksOf(atTwo.body.plan).slice(0, 2).map((task) => task.completed)).toEqual(['true', 'true']);
    const atStart = await client.get(`/api/plans/${planId}/history?at=0`);
    expect(tasksOf(atStart.body.plan).every((task) => task.completed === 'false')).toBe(true);
    expect((await client.get(`/api/plans/${planId}/history?at=soon`)).status).toBe(400);
  });
});

describe('another member’s plan', () => {
  it('is a 404 on every route, and nothing of it changes', async () => {
    const owner = await memberWithIdea();
    const planId = await generatePlan(owner.client);
    const before = await planOf(owner.client, planId);
    const [task] = tasksOf(before);
    const intruder = await memberWithIdea();

    const calls = [
      await intruder.client.get(`/api/plans/${planId}`),
      await intruder.client.get(`/api/plans/${planId}/history`),
      await intruder.client.request('PATCH', `/api/tasks/${task.id}/toggle`, { completed: true }),
      await intruder.client.post(`/api/tasks/${task.id}/help`),
      await intruder.client.post(`/api/plans/${planId}/milestones/${before.milestones[0].id}/tasks`, { title: 'Mine now' }),
      await intruder.client.post(`/api/plans/${planId}/generate-next-milestone`),
    ];
    expect(calls.map((c) => c.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(calls.map((c) => c.body.message)).toEqual(['Plan not found', 'Plan not found', 'Task not found', 'Task not found', 'Plan not found', 'Plan not found']);
    expect((await intruder.client.get('/api/plans')).body).toEqual([]);

    expect(await planOf(owner.client, planId)).toEqual(before);
    expect((await t.services.eventStore.readStream(planStream.name(planId))).map((e) => e.type)).toEqual(['PlanCreated']);
    expect(await used(intruder.client)).toMatchObject({ plan: 0, milestone: 0, help: 0 });
  });

  it('a task its owner has just toggled (its plan known to this server) is still a 404 to another member, and nothing of it changes', async () => {
    const owner = await memberWithIdea();
    const planId = await generatePlan(owner.client);
    const [task] = tasksOf(await planOf(owner.client, planId));
    expect((await owner.client.request('PATCH', `/api/tasks/${task.id}/toggle`, { completed: true })).status).toBe(200);
    const before = await planOf(owner.client, planId);
    const intruder = await memberWithIdea();

    const calls = [
      await intruder.client.request('PATCH', `/api/tasks/${task.id}/toggle`, { completed: false }),
      await intruder.client.request('PATCH', `/api/tasks/${task.id}/toggle`, {}),
      await intruder.client.post(`/api/tasks/${task.id}/help`),
    ];
    expect(calls.map((c) => [c.status, c.body.message])).toEqual(Array(3).fill([404, 'Task not found']));
    expect(await planOf(owner.client, planId)).toEqual(before);
    expect((await t.services.eventStore.readStream(planStream.name(planId))).map((e) => e.type)).toEqual(['PlanCreated', 'TaskCompleted']);
    expect(await used(intruder.client)).toMatchObject({ plan: 0, milestone: 0, help: 0 });
  });

  it('a visitor gets 401 on every plan route', async () => {
    const visitor = new Client(t.url);
    const statuses = [
      (await visitor.post('/api/plans/generate', planRequest)).status,
      (await visitor.get('/api/plans')).status,
      (await visitor.get('/api/plans/x')).status,
      (await visitor.get('/api/plans/x/history')).status,
      (await visitor.request('PATCH', '/api/tasks/x/toggle', { completed: true })).status,
      (await visitor.post('/api/tasks/x/help')).status,
      (await visitor.post('/api/plans/x/milestones/y/tasks', { title: 'z' })).status,
      (await visitor.post('/api/plans/x/generate-next-milestone')).status,
    ];
    expect(statuses).toEqual(Array(8).fill(401));
  });
});
