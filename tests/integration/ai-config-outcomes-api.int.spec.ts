import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_CONFIG_OUTCOME_COLUMNS, type AiConfigOutcomesResponse } from '../../backend/application/contracts/ai-config';
import { aiCallDecider, aiCallStreams } from '../../backend/domain/ai-usage/ai-call';
import { ideaSetDecider, ideaSetStreams } from '../../backend/domain/ideas/idea-set';
import { userDecider, userStreams } from '../../backend/domain/identity/user';
import { planDecider, planStream } from '../../backend/domain/plans/plan';
import { aiOutcomesProjection } from '../../backend/projections/ai-outcomes/ai-outcomes-projection';
import { testAppendContext } from '../support/append-context';
import { distinctive } from '../support/distinctive';
import { staffMember } from '../support/member-data';
import { Client, startTestApp, type TestApp } from '../support/test-app';

/**
 * Outcomes per AI configuration version (issue 53), on both databases: a history written straight
 * to the event store, two versions, members with known plans, completions and upgrades, whose
 * every figure is counted by hand below. The figures read live (the runner following each step)
 * equal those after a rebuild from the first event (the backfill).
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof staffMember>>;
const DAY = 24 * 60 * 60 * 1000;
// A Monday, so the weeks of the chart are this day and the next Monday.
const T0 = Date.parse('2026-01-05T10:00:00.000Z');
const at = (days: number) => new Date(T0 + days * DAY);

const schemaVersions: Record<string, number> = {
  ...ideaSetDecider.schemaVersions,
  ...planDecider.schemaVersions,
  ...userDecider.schemaVersions,
  ...aiCallDecider.schemaVersions,
};

const run = distinctive('out');
const ids = (name: string) => `${run}-${name}`;
const A = ids('member-a');
const B = ids('member-b');
const C = ids('member-c');
const D = ids('member-d');

async function append(stream: string, type: string, data: Record<string, unknown>, when: Date) {
  await t.services.eventStore.append(stream, [{ id: crypto.randomUUID(), type, schemaVersion: schemaVersions[type] ?? 1, data }], {
    ...testAppendContext,
    occurredAt: when,
  });
}

const idea = (id: string) => ({ id, title: `Idea ${id}`, subtitle: 's', description: 'd', category: 'online', industry: 'i', method: 'm', pricing: 'p' });
async function ideaSet(name: string, owner: string, ideaIds: string[], when: Date, extra: { configVersion?: number; source?: string }) {
  await append(
    ideaSetStreams.name(ids(name)),
    'IdeaSetCreated',
    {
      ideaSetId: ids(name),
      ownerId: owner,
      skill: 'pottery',
      categories: [{ id: 'online', name: 'Online', color: '#000' }],
      ideas: ideaIds.map(idea),
      personalized: false,
      source: extra.source ?? 'generated',
      ...(extra.configVersion === undefined ? {} : { configVersion: extra.configVersion }),
    },
    when,
  );
}
const milestone = (id: string, taskIds: string[]) => ({
  milestoneId: ids(id),
  title: `Week ${id}`,
  description: 'd',
  timeEstimate: '1 week',
  freeResources: [],
  paidResources: [],
  tasks: taskIds.map((task) => ({ taskId: ids(task), title: `Task ${task}`, description: 'd' })),
  successCriteria: 's',
});
async function plan(name: string, owner: string, ideaId: string, first: ReturnType<typeof milestone>, when: Date) {
  await append(
    planStream.name(ids(name)),
    'PlanCreated',
    { planId: ids(name), ownerId: owner, ideaId, title: `Plan ${name}`, description: 'd', category: 'online', timeEstimate: '4 weeks', firstMilestone: first, outlines: [] },
    when,
  );
}
const tick = (planName: string, milestoneName: string, task: string, when: Date, type = 'TaskCompleted') =>
  append(planStream.name(ids(planName)), type, { planId: ids(planName), milestoneId: ids(milestoneName), taskId: ids(task) }, when);
const help = (planName: string, milestoneName: string, task: string, when: Date) =>
  append(planStream.name(ids(planName)), 'TaskHelpProvided', { planId: ids(planName), milestoneId: ids(milestoneName), taskId: ids(task), help: 'h' }, when);
const becomePro = (member: string, when: Date) => append(userStreams.name(member), 'UserRoleChanged', { from: 'free', to: 'pro', reason: 'upgrade' }, when);
const aiCall = (name: string, kind: string, userId: string | null, configVersion: number | null, costUsd: number, when: Date) =>
  append(
    aiCallStreams.name(ids(name)),
    'AiCallRecorded',
    {
      callId: ids(name),
      kind,
      generator: 'openai',
      model: 'gpt-4o-mini',
      inputTokens: 100,
      outputTokens: 100,
      costUsd,
      userId,
      audience: userId ? 'free' : 'visitor',
      outcome: 'succeeded',
      errorType: null,
      finishReason: 'stop',
      usageEstimated: false,
      configVersion,
    },
    when,
  );

/** The history, in steps; the runner follows after each (live counting). */
const history: (() => Promise<unknown>)[] = [
  // Version 1: A's set of four ideas, B's of two (idea ids repeat across sets, as generators make them).
  () => ideaSet('s1', A, ['i1', 'i2', 'i3', 'i4'], at(0), { configVersion: 1 }),
  () => aiCall('c1', 'ideas', A, 1, 0.02, at(0)),
  () => ideaSet('s2', B, ['i1', 'i2'], at(1), { configVersion: 1 }),
  () => aiCall('c2', 'ideas', B, 1, 0.04, at(1)),
  // P1 (A, idea i1 of s1): milestone m1 (t1, t2, later t4) and m2 (t3).
  () => plan('p1', A, 'i1', milestone('m1', ['t1', 't2']), at(2)),
  () => append(planStream.name(ids('p1')), 'MilestoneDetailed', { planId: ids('p1'), milestone: milestone('m2', ['t3']) }, at(3)),
  () => append(planStream.name(ids('p1')), 'TaskAdded', { planId: ids('p1'), milestoneId: ids('m1'), task: { taskId: ids('t4'), title: 'Task t4', description: 'd' } }, at(3)),
  () => tick('p1', 'm1', 't1', at(5)),
  () => tick('p1', 'm1', 't2', at(6)),
  () => tick('p1', 'm1', 't2', at(7), 'TaskReopened'),
  () => tick('p1', 'm1', 't2', at(8)),
  // Done 38 days after the plan began: m1 is complete, but t4 is not within 30 days.
  () => tick('p1', 'm1', 't4', at(40)),
  () => help('p1', 'm1', 't1', at(5)),
  () => help('p1', 'm1', 't1', at(6)),
  // P2 (A, idea i1 again): nothing done, one help request.
  () => plan('p2', A, 'i1', milestone('m3', ['t5']), at(3)),
  () => help('p2', 'm3', 't5', at(4)),
  // P3 (B, idea i2 of s2): its one task done.
  () => plan('p3', B, 'i2', milestone('m4', ['t6']), at(2)),
  () => tick('p3', 'm4', 't6', at(4)),
  // A becomes Pro 10 days after their first set; B 39 days after theirs (too late to count).
  () => becomePro(A, at(10)),
  () => becomePro(B, at(40)),
  // Version 2, the next week: C's set of three ideas, and A's of one (A's first set was version 1's).
  () => ideaSet('s3', C, ['i1', 'i2', 'i3'], at(7), { configVersion: 2 }),
  () => aiCall('c3', 'ideas', C, 2, 0.05, at(7)),
  () => ideaSet('s4', A, ['i1'], at(8), { configVersion: 2 }),
  () => aiCall('c4', 'ideas', A, 2, 0.03, at(8)),
  // P4 (A, idea i1): the newest set of A's holding i1 is s4, version 2's.
  () => plan('p4', A, 'i1', milestone('m5', ['t7']), at(9)),
  () => tick('p4', 'm5', 't7', at(9)),
  () => becomePro(C, at(20)),
  // Not counted: a trial set and its plan, a set from before versions, a visitor's call, a plan's call.
  () => ideaSet('s5', C, ['i9'], at(7), { source: 'trial' }),
  () => plan('p5', C, 'i9', milestone('m6', ['t8']), at(8)),
  () => ideaSet('s6', D, ['i1'], at(8), {}),
  () => aiCall('c5', 'ideas', null, 2, 1, at(8)),
  () => aiCall('c6', 'plan', A, 2, 0.5, at(9)),
];

/** Counted by hand from the history above. */
const expectedVersions = [
  {
    version: 1,
    ideaSets: 2,
    ideas: 6,
    plans: 3,
    ideasPlanned: 2,
    planShare: 2 / 6,
    milestonesCompletedPerPlan: 2 / 3,
    tasksCompletedWithin30DaysPerPlan: 1,
    helpRequestsPerPlan: 1,
    members: 2,
    becamePro: 1,
    proShare: 0.5,
    aiCostUsd: 0.06,
    aiCostPerIdeaSetUsd: 0.03,
  },
  {
    version: 2,
    ideaSets: 2,
    ideas: 4,
    plans: 1,
    ideasPlanned: 1,
    planShare: 0.25,
    milestonesCompletedPerPlan: 1,
    tasksCompletedWithin30DaysPerPlan: 1,
    helpRequestsPerPlan: 0,
    members: 1,
    becamePro: 1,
    proShare: 1,
    aiCostUsd: 0.08,
    aiCostPerIdeaSetUsd: 0.04,
  },
];
const expectedWeeks = [
  { week: '2026-01-05', version: 1, ideaSets: 2, planShare: 2 / 6 },
  { week: '2026-01-12', version: 2, ideaSets: 2, planShare: 0.25 },
];

beforeAll(async () => {
  t = await startTestApp();
  admin = await staffMember(t, 'admin');
}, 60_000);
afterAll(async () => t?.close());

async function outcomes(): Promise<AiConfigOutcomesResponse> {
  await t.services.runner.catchUpAll();
  const answer = await admin.client.get('/api/admin/ai-config/outcomes');
  expect(answer.status, answer.text).toBe(200);
  return answer.body as AiConfigOutcomesResponse;
}

/** Money and rates as floating point sums give them: compared to 9 places. */
function rounded<T extends Record<string, unknown>>(row: T): T {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'number' ? Math.round(value * 1e9) / 1e9 : value])) as T;
}

describe('outcomes per AI configuration version', () => {
  let live: AiConfigOutcomesResponse;

  it('counts every figure of each version as counted by hand, live as the events come', async () => {
    for (const step of history) {
      await step();
      await t.services.runner.catchUpAll();
    }
    live = await outcomes();
    const ours = live.versions.filter((row) => row.version === 1 || row.version === 2);
    expect(ours.map(rounded)).toEqual(expectedVersions.map(rounded));
    expect(live.weeks.filter((week) => week.version === 1 || week.version === 2).map(rounded)).toEqual(expectedWeeks.map(rounded));
  });

  it('gives the same figures rebuilt from the first event (the backfill) as live', async () => {
    await t.services.runner.rebuild(aiOutcomesProjection);
    expect(await outcomes()).toEqual(live);
  });

  it('exports one CSV line per version with the same figures', async () => {
    const answer = await admin.client.get('/api/admin/ai-config/outcomes.csv');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="skilly-ai-outcomes-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...lines] = answer.text.trimEnd().split('\r\n');
    expect(header).toBe(AI_CONFIG_OUTCOME_COLUMNS.join(','));
    const byVersion = new Map(lines.map((line) => [line.split(',')[0], line.split(',')]));
    for (const expected of expectedVersions) {
      const cells = byVersion.get(String(expected.version));
      expect(cells, `version ${expected.version}`).toBeDefined();
      AI_CONFIG_OUTCOME_COLUMNS.forEach((column, i) => expect(Number(cells![i]), column).toBeCloseTo(expected[column], 9));
    }
  });

  it('answers admins only', async () => {
    expect((await new Client(t.url).get('/api/admin/ai-config/outcomes')).status).toBe(401);
    const moderator = await staffMember(t, 'moderator');
    expect((await moderator.client.get('/api/admin/ai-config/outcomes')).status).toBe(403);
    expect((await moderator.client.get('/api/admin/ai-config/outcomes.csv')).status).toBe(403);
  });
});
