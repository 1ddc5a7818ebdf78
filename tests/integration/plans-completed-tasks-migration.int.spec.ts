import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldStream } from '../../backend/application/event-sourcing/command-handler';
import { planDecider, planStream, type ExistingPlan } from '../../backend/domain/plans/plan';
import { PostgresEventStore } from '../../backend/infrastructure/event-store/postgres-event-store';
import { product } from '../../backend/infrastructure/slices/product-slices';
import { inlineProjector, ReadModelsBehind } from '../../backend/projections/runner/inline-projections';
import { planOfRow, plansCompletedTasksMigration, shapeOf, type PlanRow } from '../../backend/projections/plans/plans-projection';
import { testAppendContext as ctx } from '../support/append-context';
import { createTestDatabase, type TestDatabase } from '../support/database';

/**
 * Plans' rows written before their plan was kept as shape and ticks (one jsonb holding the whole
 * plan, every task's completion and the status in it) are split by the migration into what
 * the plans projection writes today, so members see the same plans after it.
 */
describe('migration 0062: a plan row of the whole plan becomes its shape, its status and its completed tasks', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  const text = 'Practise the brush strokes. '.repeat(4);
  const milestone = (tasks: string[]) => ({
    milestoneId: randomUUID(),
    title: 'Set up',
    description: text,
    timeEstimate: '1 week',
    freeResources: [],
    paidResources: [],
    successCriteria: 'Ready',
    tasks: tasks.map((taskId) => ({ taskId, title: 'A task', description: text })),
  });

  it('keeps each plan as its events fold it: completed tasks, status, untouched outlines, and a plan with none done', async () => {
    const store = new PostgresEventStore(database.handle, { projector: inlineProjector(product.projections, new ReadModelsBehind()), notify: false });
    const ownerId = randomUUID();
    const event = (type: string, data: Record<string, unknown>) => ({ id: randomUUID(), type, schemaVersion: 1, data });
    const plans: { planId: string; events: ReturnType<typeof event>[] }[] = [];

    // A completed plan of two detailed milestones and an outline; one with a task done; one with none.
    const first = milestone([randomUUID(), randomUUID()]);
    const second = milestone([randomUUID()]);
    const outline = { milestoneId: randomUUID(), title: 'Later', description: text, timeEstimate: '1 week' };
    for (const ticks of ['all', 'one', 'none'] as const) {
      const planId = randomUUID();
      const created = { planId, ownerId, ideaId: 'idea-1', title: `Portraits ${ticks}`, description: text, category: 'fiverr', timeEstimate: '4 weeks' };
      const firstMilestone = { ...first, milestoneId: randomUUID() };
      const secondMilestone = { ...second, milestoneId: randomUUID() };
      const events = [
        event('PlanCreated', {
          ...created,
          firstMilestone,
          outlines: [
            { milestoneId: secondMilestone.milestoneId, title: secondMilestone.title, description: text, timeEstimate: '1 week' },
            { ...outline, milestoneId: randomUUID() },
          ],
        }),
      ];
      if (ticks !== 'none') events.push(event('TaskCompleted', { planId, milestoneId: firstMilestone.milestoneId, taskId: firstMilestone.tasks[1].taskId }));
      if (ticks === 'all') {
        events.push(event('TaskCompleted', { planId, milestoneId: firstMilestone.milestoneId, taskId: firstMilestone.tasks[0].taskId }));
        events.push(event('MilestoneDetailed', { planId, milestone: secondMilestone }));
        events.push(event('TaskCompleted', { planId, milestoneId: secondMilestone.milestoneId, taskId: secondMilestone.tasks[0].taskId }));
        events.push(event('PlanCompleted', { planId }));
      }
      for (const [version, e] of events.entries()) await store.append(planStream.name(planId), [e], { ...ctx, expectedVersion: version === 0 ? 'no_stream' : version - 1 });
      plans.push({ planId, events });
    }

    // The rows as they were before the migration: the whole plan in `plan`, no column of ticks.
    const db = database.handle.db;
    const folded = new Map<string, ExistingPlan>();
    for (const { planId } of plans) folded.set(planId, foldStream(planDecider, await store.readStream(planStream.name(planId))) as ExistingPlan);
    await sql`alter table plans drop column completed_task_ids`.execute(db);
    for (const [planId, plan] of folded) await sql`update plans set plan = ${JSON.stringify(plan)}::jsonb where id = ${planId}`.execute(db);

    await plansCompletedTasksMigration.up(db);

    const rows = await db.selectFrom('plans').selectAll().where('owner_id', '=', ownerId).execute();
    expect(rows).toHaveLength(3);
    for (const row of rows as PlanRow[]) {
      const plan = folded.get(row.id)!;
      expect(row.plan).toEqual(shapeOf(plan));
      expect(planOfRow(row)).toEqual(plan);
    }
    const byTitle = Object.fromEntries(rows.map((row) => [row.title, row]));
    expect(byTitle['Portraits all'].status).toBe('completed');
    expect(byTitle['Portraits all'].completed_task_ids).toHaveLength(3);
    expect(byTitle['Portraits one'].completed_task_ids).toHaveLength(1);
    expect(byTitle['Portraits none'].completed_task_ids).toEqual([]);
  });
});
