import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../application/ports/event-store';
import {
  evolvePlan,
  initialPlanState,
  planStream,
  type ExistingPlan,
  type MilestoneDetail,
  type PlanEvent,
  type PlanState,
  type PlanTask,
} from '../../domain/plans/plan';
import { foldPlanRows, planOfRow, type PlanRows } from './plans-projection';

/**
 * A plan's rows are folded one event at a time by the appends (each write) and many events at
 * a time by the runner and a rebuild (a batch): both must leave the same rows, and those rows
 * must read back as the plan the aggregate folds.
 */
const planId = 'plan-1';
const task = (taskId: string): PlanTask => ({ taskId, title: `Task ${taskId}`, description: `Do ${taskId}.` });
const detail = (milestoneId: string, taskIds: string[]): MilestoneDetail => ({
  milestoneId,
  title: `Week ${milestoneId}`,
  description: 'What this week is for.',
  timeEstimate: '1 week',
  freeResources: [],
  paidResources: [],
  tasks: taskIds.map(task),
  successCriteria: 'Done well.',
});

const history: PlanEvent[] = [
  {
    type: 'PlanCreated',
    data: {
      planId, ownerId: 'user-ada', ideaId: 'fiverr-1', title: 'Pet Portraits Plan', description: 'Six weeks.', category: 'fiverr', timeEstimate: '2 weeks',
      firstMilestone: detail('m1', ['t1']),
      outlines: [{ milestoneId: 'm2', title: 'Week m2', description: 'Later.', timeEstimate: '1 week' }],
    },
  },
  { type: 'TaskAdded', data: { planId, milestoneId: 'm1', task: task('a1') } },
  { type: 'TaskCompleted', data: { planId, milestoneId: 'm1', taskId: 'a1' } },
  { type: 'TaskAdded', data: { planId, milestoneId: 'm1', task: task('a2') } },
  { type: 'TaskHelpProvided', data: { planId, milestoneId: 'm1', taskId: 'a2', help: 'Start with the outline.' } },
  { type: 'TaskCompleted', data: { planId, milestoneId: 'm1', taskId: 't1' } },
  { type: 'TaskReopened', data: { planId, milestoneId: 'm1', taskId: 'a1' } },
  { type: 'PlanDeleted', data: { planId, reason: 'cleanup' } },
];
// Restored as it was before the deletion, then changed again.
const beforeDeletion = history.slice(0, -1).reduce<PlanState>(evolvePlan, initialPlanState) as ExistingPlan;
history.push(
  { type: 'PlanRestored', data: { planId, reason: 'undo', plan: beforeDeletion, createdAt: '2026-03-01T09:00:00.000Z' } },
  { type: 'TaskAdded', data: { planId, milestoneId: 'm1', task: task('a3') } },
  { type: 'TaskHelpProvided', data: { planId, milestoneId: 'm1', taskId: 't1', help: 'Sketch first.' } },
  { type: 'MilestoneDetailed', data: { planId, milestone: detail('m2', ['t2']) } },
  { type: 'TaskAdded', data: { planId, milestoneId: 'm2', task: task('a4') } },
);

const recorded: RecordedEvent[] = history.map((event, version) => ({
  eventId: `event-${version}`,
  type: event.type,
  schemaVersion: 1,
  streamName: planStream.name(planId),
  streamVersion: version,
  globalPosition: version + 1,
  position: { commit: version + 1, prepare: version + 1 },
  occurredAt: new Date(Date.parse('2026-03-01T10:00:00Z') + version * 60_000),
  actor: { kind: 'user', userId: 'user-ada', role: 'free' },
  causationId: `event-${version}`,
  correlationId: `event-${version}`,
  data: event.data as Record<string, unknown>,
}));

/** Rows as a batch loads them from the database: the same values, not the objects a fold made. */
const asLoaded = (rows: PlanRows | null): PlanRows | null => rows && { row: { ...rows.row }, added: [...rows.added] };

/**
 * The rows after folding the history in the chunks a split marks (bit i set: a chunk ends after
 * event i), each chunk on the rows the last one made (as the append ahead folds) or on them as loaded.
 */
const foldInChunks = (split: number, loaded = false): PlanRows | null => {
  let rows: PlanRows | null = null;
  let chunk: RecordedEvent[] = [];
  recorded.forEach((event, i) => {
    chunk.push(event);
    if (i === recorded.length - 1 || split & (1 << i)) {
      rows = foldPlanRows(loaded ? asLoaded(rows) : rows, chunk);
      chunk = [];
    }
  });
  return rows;
};

describe('the plans read model folded by the appends and by batches', () => {
  it('leaves the same rows whichever events come together, at every point of the history', () => {
    for (let end = 1; end <= recorded.length; end++) {
      const events = recorded.slice(0, end);
      const oneByOne = events.reduce<PlanRows | null>((rows, event) => foldPlanRows(rows, [event]), null);
      const together = foldPlanRows(null, events);
      expect(together, `after ${end} events`).toEqual(oneByOne);
      const state = history.slice(0, end).reduce<PlanState>(evolvePlan, initialPlanState);
      if (state.status === 'deleted') expect(together).toBeNull();
      else expect(planOfRow(together!.row, together!.added), `after ${end} events`).toEqual(state);
    }
    const oneByOne = foldInChunks(2 ** recorded.length - 1);
    for (let split = 0; split < 2 ** (recorded.length - 1); split += 37) {
      expect(foldInChunks(split), `split ${split}`).toEqual(oneByOne);
      expect(foldInChunks(split, true), `split ${split}, each chunk on the rows as loaded`).toEqual(oneByOne);
    }
  });

  it('keeps the tasks the member added since the creation or the restore in rows of their own, in their order', () => {
    const rows = foldPlanRows(null, recorded)!;
    expect(rows.added.map((a) => [a.milestone_id, a.task_id, a.position])).toEqual([
      ['m1', 'a3', 3],
      ['m2', 'a4', 1],
    ]);
    const shapeTasks = rows.row.plan.milestones.flatMap((m) => ('tasks' in m ? m.tasks.map((t) => t.taskId) : []));
    expect(shapeTasks).toEqual(['t1', 'a1', 'a2', 't2']);
    expect(rows.row.created_at).toEqual(new Date('2026-03-01T09:00:00.000Z'));
    expect(rows.row.updated_at).toEqual(recorded[recorded.length - 1].occurredAt);
  });

  it('leaves the stored shape as it was (the same object) for ticks, a task added and help for an added task, and no other change', () => {
    const created = foldPlanRows(null, recorded.slice(0, 1))!;
    const ticked = foldPlanRows(created, recorded.slice(1, 7))!;
    expect(ticked.row.plan).toBe(created.row.plan);
    const helped = foldPlanRows(ticked, recorded.slice(10, 11))!;
    expect(helped.row.plan).not.toBe(ticked.row.plan);
  });
});
