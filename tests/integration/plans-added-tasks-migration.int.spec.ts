import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldStream } from '../../backend/application/event-sourcing/command-handler';
import { toPlanDto } from '../../backend/application/contracts/plans';
import { planDecider, planStream, type ExistingPlan } from '../../backend/domain/plans/plan';
import { PostgresEventStore } from '../../backend/infrastructure/event-store/postgres-event-store';
import { product } from '../../backend/infrastructure/slices/product-slices';
import { inlineProjector, ReadModelsBehind } from '../../backend/projections/runner/inline-projections';
import { findPlanOf, planOfRow, plansAddedTasksMigration, shapeOf, type AddedTaskRow, type PlanRow } from '../../backend/projections/plans/plans-projection';
import { testAppendContext as ctx } from '../support/append-context';
import { createTestDatabase, type TestDatabase } from '../support/database';

/**
 * Plans whose added tasks were written into their shape (before migration 0073) get the rows
 * the plans projection writes today: the tasks a member added since the plan was created or
 * last restored move from the shape to their `plan_tasks` rows, with their help, in their
 * order, and members read the same plans after it.
 */
describe('migration 0073: the tasks a member added move from the plan’s shape to rows of their own', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  const text = 'Practise the brush strokes. '.repeat(4);
  const task = (title: string) => ({ taskId: randomUUID(), title, description: text });

  it('leaves the rows the projection writes: added tasks (with help) in rows, a restored plan’s earlier ones in its shape', async () => {
    const store = new PostgresEventStore(database.handle, { projector: inlineProjector(product.projections, new ReadModelsBehind()), notify: false });
    const db = database.handle.db;
    const ownerId = randomUUID();
    const event = (type: string, data: Record<string, unknown>) => ({ id: randomUUID(), type, schemaVersion: 1, data });
    const planIds: string[] = [];
    for (const kind of ['added', 'restored', 'none'] as const) {
      const planId = randomUUID();
      const firstMilestone = {
        milestoneId: randomUUID(), title: 'Set up', description: text, timeEstimate: '1 week', freeResources: [], paidResources: [], successCriteria: 'Ready',
        tasks: [task('Own one'), task('Own two')],
      };
      const milestoneId = firstMilestone.milestoneId;
      const [early, helped, late] = [task('Added early'), task('Added and helped'), task('Added after the restore')];
      const events = [
        event('PlanCreated', {
          planId, ownerId, ideaId: 'idea-1', title: `Portraits ${kind}`, description: text, category: 'fiverr', timeEstimate: '4 weeks', firstMilestone,
          outlines: [{ milestoneId: randomUUID(), title: 'Later', description: text, timeEstimate: '1 week' }],
        }),
      ];
      if (kind !== 'none') {
        events.push(event('TaskAdded', { planId, milestoneId, task: early }));
        events.push(event('TaskCompleted', { planId, milestoneId, taskId: early.taskId }));
        events.push(event('TaskAdded', { planId, milestoneId, task: helped }));
        events.push(event('TaskHelpProvided', { planId, milestoneId, taskId: helped.taskId, help: 'Start with the outline.' }));
      }
      for (const [version, e] of events.entries()) await store.append(planStream.name(planId), [e], { ...ctx, expectedVersion: version === 0 ? 'no_stream' : version - 1 });
      if (kind === 'restored') {
        const stream = planStream.name(planId);
        const plan = foldStream(planDecider, await store.readStream(stream)) as ExistingPlan;
        const more = [
          event('PlanDeleted', { planId, reason: 'cleanup' }),
          event('PlanRestored', { planId, reason: 'undo', plan, createdAt: new Date().toISOString() }),
          event('TaskAdded', { planId, milestoneId, task: late }),
        ];
        for (const e of more) await store.append(stream, [e], { ...ctx, expectedVersion: (await store.readStream(stream)).length - 1 });
      }
      planIds.push(planId);
    }

    // The rows the projection wrote, then the rows as they were before the migration: every task in the shape, no task columns.
    const rowsNow = async () => ({
      plans: await db.selectFrom('plans').selectAll().where('id', 'in', planIds).orderBy('id').execute(),
      tasks: await sql<AddedTaskRow>`select * from plan_tasks where plan_id = any(${planIds}) order by task_id`.execute(db).then((r) => r.rows),
    });
    const written = await rowsNow();
    expect(written.tasks.filter((t) => t.task !== null).map((t) => t.task!.title).sort()).toEqual(
      ['Added after the restore', 'Added and helped', 'Added early'].sort(),
    );
    for (const row of written.plans as PlanRow[]) {
      const added = written.tasks.filter((t) => t.plan_id === row.id && t.task !== null).sort((a, b) => a.position - b.position);
      await sql`update plans set plan = ${JSON.stringify(shapeOf(planOfRow(row, added)))}::jsonb where id = ${row.id}`.execute(db);
    }
    await sql`alter table plan_tasks drop column milestone_id, drop column position, drop column task`.execute(db);

    await plansAddedTasksMigration.up(db);

    expect(await rowsNow()).toEqual(written);
    for (const planId of planIds) {
      const folded = foldStream(planDecider, await store.readStream(planStream.name(planId))) as ExistingPlan;
      const shown = await findPlanOf(db, ownerId, planId);
      expect(shown).toEqual(toPlanDto(folded, shown!.createdAt));
    }
    const restored = (await findPlanOf(db, ownerId, planIds[1]))!;
    expect(restored.milestones[0].tasks.map((t) => t.title)).toEqual(['Own one', 'Own two', 'Added early', 'Added and helped', 'Added after the restore']);
    expect(restored.milestones[0].tasks.map((t) => t.helpResponse ?? null)).toEqual([null, null, null, 'Start with the outline.', null]);
  });
});
