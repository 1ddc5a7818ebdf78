import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPlanDto } from '../../backend/application/contracts/plans';
import { foldStream } from '../../backend/application/event-sourcing/command-handler';
import type { MilestonePromptInput, PlanGenerator, PlanPromptInput, TaskHelpPromptInput } from '../../backend/application/ports/plan-generator';
import { monthlyAllowances } from '../../backend/domain/credits/allowances';
import { availableCredits, creditAccountDecider, creditAccountStream } from '../../backend/domain/credits/credit-account';
import { planDecider, planStream, type ExistingPlan } from '../../backend/domain/plans/plan';
import { OfflinePlanGenerator } from '../../backend/infrastructure/ai/offline-plan-generator';
import { createLogger } from '../../backend/infrastructure/logging/logger';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * One plan written by many requests at once (two tabs, a double-click, a retrying client):
 * every answer is a success or a 409 that says why, never a 5xx; what the plan shows is the
 * fold of what was stored; and a credit limit is reported only when the member has reached it
 * (issue 37). The races show on the PostgreSQL server; on PGlite the requests run one by one.
 */

/** The offline generator, answering help and milestones a little later, as a real AI would. */
class SlowAiPlanGenerator implements PlanGenerator {
  readonly kind = 'offline' as const;
  private readonly offline = new OfflinePlanGenerator();
  private later<T>(answer: () => Promise<T>): Promise<T> {
    return new Promise((resolve) => setTimeout(resolve, 50)).then(answer);
  }
  generatePlan(input: PlanPromptInput) {
    return this.offline.generatePlan(input);
  }
  generateMilestone(input: MilestonePromptInput) {
    return this.later(() => this.offline.generateMilestone(input));
  }
  generateTaskHelp(input: TaskHelpPromptInput) {
    return this.later(() => this.offline.generateTaskHelp(input));
  }
}

/** Every log line at warn level or above, as the server wrote it. */
const logLines: { level: number; msg?: string }[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    done();
  },
});
const errorLines = () => logLines.filter((line) => line.level >= 50);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { planGenerator: new SlowAiPlanGenerator(), logger: createLogger('warn', logStream) });
});
afterAll(async () => t?.close());

const idea = { id: 'idea-1', title: 'Custom Pet Portraits', subtitle: 'Pet owners pay for a painting', description: 'Paint pets from photos and sell on Fiverr.', category: 'fiverr', industry: 'Art', method: 'Gigs', pricing: '$40-120' };

/** A signed-up free member with a freshly generated plan. */
async function memberWithPlan() {
  const client = new Client(t.url);
  const signup = await client.post('/api/auth/signup', newMember());
  expect(signup.status).toBe(201);
  const saved = await client.post('/api/idea-sets', { skill: 'Pet painting', categories: [{ id: 'fiverr', name: 'Fiverr', color: 'green' }], ideas: [idea] });
  expect(saved.status).toBe(201);
  const generated = await client.post('/api/plans/generate', { ideaTitle: idea.title, ideaDescription: idea.description, category: 'fiverr', ideaId: idea.id });
  expect(generated.status, JSON.stringify(generated.body)).toBe(201);
  const planId = generated.body.planId as string;
  const plan = (await client.get(`/api/plans/${planId}`)).body;
  return { client, userId: signup.body.user.id as string, planId, plan };
}

/** Fifty requests and their read-your-writes waits take a while on a loaded 2-core machine, most on PGlite (one connection). */
const BURST_TIMEOUT_MS = 120_000;

const fire = <T>(times: number, request: (i: number) => Promise<T>) => Promise.all(Array.from({ length: times }, (_, i) => request(i)));

/** Every answer a success or a 409 with words; none a 5xx, none another refusal. */
function expectSuccessOrConflict(answers: { status: number; body: any }[]) {
  const other = answers.filter((a) => !(a.status >= 200 && a.status < 300) && a.status !== 409);
  expect(other.map((a) => `${a.status} ${a.body?.code}: ${a.body?.message}`)).toEqual([]);
  for (const refused of answers.filter((a) => a.status === 409)) {
    expect(refused.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  }
}

/** The plan's stored events, and the plan as GET /api/plans/{id} shows it once the read model has them all. */
async function storedAndShown(client: Client, planId: string) {
  const events = await t.services.eventStore.readStream(planStream.name(planId));
  expect(await t.services.progress.waitFor(events.at(-1)!.position, 30_000)).toBe(true);
  const shown = (await client.get(`/api/plans/${planId}`)).body;
  const folded = foldStream(planDecider, events) as ExistingPlan;
  return { events, shown, folded: toPlanDto(folded, shown.createdAt) };
}

async function ledgerOf(userId: string) {
  return foldStream(creditAccountDecider, await t.services.eventStore.readStream(creditAccountStream(userId)));
}

const saysLimit = (answer: { body: any }) => /limit/i.test(String(answer.body?.message)) || answer.body?.limitReached === true;

describe('many writes to one plan at once', () => {
  it('50 toggles of one task: each a success or a 409, the task ends as its stored events say, nothing logged as an error', async () => {
    const { client, planId, plan } = await memberWithPlan();
    const taskId = plan.milestones[0].tasks[0].id as string;
    const before = errorLines().length;

    const answers = await fire(50, () => client.request('PATCH', `/api/tasks/${taskId}/toggle`, {}));

    expectSuccessOrConflict(answers);
    const { events, shown, folded } = await storedAndShown(client, planId);
    const flips = events.filter((e) => (e.type === 'TaskCompleted' || e.type === 'TaskReopened') && e.data.taskId === taskId);
    // Each flip that answered 2xx is one stored event; a 409 stored nothing.
    expect(flips).toHaveLength(answers.filter((a) => a.status < 300).length);
    expect(flips.length).toBeGreaterThan(0);
    expect(shown).toEqual(folded);
    expect(shown.milestones[0].tasks[0].completed).toBe(flips.length % 2 === 1 ? 'true' : 'false');
    expect(errorLines().slice(before)).toEqual([]);
  }, BURST_TIMEOUT_MS);

  it('50 task additions to one milestone: each a success or a 409, every added task in the plan exactly once, nothing logged as an error', async () => {
    const { client, planId, plan } = await memberWithPlan();
    const milestoneId = plan.milestones[0].id as string;
    const generated = plan.milestones[0].tasks.length as number;
    const before = errorLines().length;

    const answers = await fire(50, (i) => client.post(`/api/plans/${planId}/milestones/${milestoneId}/tasks`, { title: `Extra task ${i}` }));

    expectSuccessOrConflict(answers);
    const added = answers.filter((a) => a.status < 300);
    // The milestone's task limit is the only rule that refuses these: a refusal says so.
    expect(added.length).toBe(Math.min(50, 50 - generated));
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.code).toBe('task_limit');
    const { shown, folded } = await storedAndShown(client, planId);
    expect(shown).toEqual(folded);
    const shownIds = shown.milestones[0].tasks.map((task: { id: string }) => task.id);
    for (const answer of added) expect(shownIds.filter((id: string) => id === answer.body.id)).toHaveLength(1);
    expect(shownIds).toHaveLength(generated + added.length);
    expect(errorLines().slice(before)).toEqual([]);
  }, BURST_TIMEOUT_MS);
});

describe('credits under parallel AI requests on one plan', () => {
  it('20 help requests for one task: one answer, the others told the help is there or on its way, one credit spent, no limit reported', async () => {
    const { client, userId, plan } = await memberWithPlan();
    const taskId = plan.milestones[0].tasks[0].id as string;

    const answers = await fire(20, () => client.post(`/api/tasks/${taskId}/help`));

    expectSuccessOrConflict(answers);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter(saysLimit).map((a) => a.body)).toEqual([]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(['help_already_provided', 'already_paid_for']).toContain(refused.body.code);
    expect(availableCredits(await ledgerOf(userId), 'help')).toBe(monthlyAllowances.free.help - 1);
    expect((await client.get('/api/credits')).body).toMatchObject({ used: { help: 1 }, balances: { help: monthlyAllowances.free.help - 1 } });
  }, BURST_TIMEOUT_MS);

  it('help asked 3 times at once for each of 8 tasks with 5 credits: 5 answered, a limit only once the credits are gone', async () => {
    const { client, userId, plan } = await memberWithPlan();
    const taskIds = (plan.milestones[0].tasks as { id: string }[]).map((task) => task.id);
    while (taskIds.length < 8) {
      const added = await client.post(`/api/plans/${plan.id}/milestones/${plan.milestones[0].id}/tasks`, { title: `Task ${taskIds.length}` });
      taskIds.push(added.body.id);
    }

    const answers = await fire(24, (i) => client.post(`/api/tasks/${taskIds[i % 8]}/help`));

    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const answered = answers.filter((a) => a.status === 200);
    expect(answered).toHaveLength(monthlyAllowances.free.help);
    const balance = availableCredits(await ledgerOf(userId), 'help');
    // What the member holds afterwards is what the answered calls did not spend; a limit was true.
    expect(balance).toBe(monthlyAllowances.free.help - answered.length);
    expect(balance).toBe(0);
    for (const limited of answers.filter(saysLimit)) expect(limited.body).toMatchObject({ code: 'help_limit', limitReached: true });
  }, BURST_TIMEOUT_MS);

  it('20 next-milestone requests at once: one milestone, the others told to complete the previous tasks (or that it is on its way), one credit spent', async () => {
    const { client, userId, planId, plan } = await memberWithPlan();
    for (const task of plan.milestones[0].tasks as { id: string }[]) {
      expect((await client.request('PATCH', `/api/tasks/${task.id}/toggle`, { completed: true })).status).toBe(200);
    }

    const answers = await fire(20, () => client.post(`/api/plans/${planId}/generate-next-milestone`));

    expectSuccessOrConflict(answers);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter(saysLimit).map((a) => a.body)).toEqual([]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(['previous_tasks_incomplete', 'already_paid_for']).toContain(refused.body.code);
    expect(availableCredits(await ledgerOf(userId), 'milestone')).toBe(monthlyAllowances.free.milestone - 1);
    const { shown, folded } = await storedAndShown(client, planId);
    expect(shown).toEqual(folded);
    expect(shown.currentMilestone).toBe(2);
  }, BURST_TIMEOUT_MS);
});
