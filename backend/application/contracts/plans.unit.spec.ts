import { describe, expect, it } from 'vitest';
import { planDecider, type PlanEvent } from '../../domain/plans/plan';
import { planLimits } from '../../domain/plans/plan-limits';
import {
  addTaskRequestSchema,
  generatePlanRequestSchema,
  planSchema,
  toPlanDto,
  toggleTaskRequestSchema,
} from './plans';

const created: PlanEvent = {
  type: 'PlanCreated',
  data: {
    planId: 'p1',
    ownerId: 'u1',
    ideaId: 'fiverr-1',
    title: 'Plan',
    description: 'Two weeks.',
    category: 'fiverr',
    timeEstimate: '2 weeks',
    firstMilestone: {
      milestoneId: 'm1',
      title: 'Week 1',
      description: 'Start.',
      timeEstimate: '1 week',
      freeResources: [{ name: 'Fiverr', url: 'https://www.fiverr.com/' }],
      paidResources: [],
      tasks: [
        { taskId: 't1', title: 'One', description: '' },
        { taskId: 't2', title: 'Two', description: '' },
      ],
      successCriteria: 'Started.',
    },
    outlines: [{ milestoneId: 'm2', title: 'Week 2', description: 'Later.', timeEstimate: '1 week' }],
  },
};

describe('plan contracts', () => {
  it('need the idea title, description and category ("Missing plan information"), bounded', () => {
    const ok = { ideaTitle: 'Pet Portraits', ideaDescription: 'Paint pets.', category: 'fiverr', ideaId: 'fiverr-1' };
    expect(generatePlanRequestSchema.parse(ok)).toEqual(ok);
    const blank = generatePlanRequestSchema.safeParse({ ...ok, ideaTitle: '  ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0].message).toBe('Missing plan information');
    expect(generatePlanRequestSchema.safeParse({ ...ok, ideaDescription: 'x'.repeat(1001) }).success).toBe(false);
    expect(generatePlanRequestSchema.safeParse({ ...ok, category: 'a\u0000b' }).success).toBe(false);
  });

  it('take a trimmed, non-empty task title within the limit', () => {
    expect(addTaskRequestSchema.parse({ title: '  Call a clinic ' }).title).toBe('Call a clinic');
    expect(addTaskRequestSchema.safeParse({ title: '   ' }).success).toBe(false);
    expect(addTaskRequestSchema.safeParse({ title: 'x'.repeat(planLimits.taskTitle + 1) }).success).toBe(false);
  });

  it('read a toggle as a boolean, the spec\'s "true"/"false", or nothing (flip)', () => {
    expect(toggleTaskRequestSchema.parse({ completed: true })).toEqual({ completed: true });
    expect(toggleTaskRequestSchema.parse({ completed: 'false' })).toEqual({ completed: false });
    expect(toggleTaskRequestSchema.parse(undefined)).toEqual({});
    expect(toggleTaskRequestSchema.safeParse({ completed: 'yes' }).success).toBe(false);
  });

  it('show a plan as the spec writes it: string flags, counts and progress', () => {
    const done: PlanEvent = { type: 'TaskCompleted', data: { planId: 'p1', milestoneId: 'm1', taskId: 't1' } };
    const state = [created, done].reduce(planDecider.evolve, planDecider.initialState);
    if (state.status === 'none' || state.status === 'deleted') throw new Error('expected a plan');
    const dto = planSchema.parse(toPlanDto(state, '2026-03-01T10:00:00.000Z'));
    expect(dto).toMatchObject({ status: 'active', currentMilestone: 1, totalMilestones: 2, milestonesCount: 2, completedMilestones: 0, progress: 50 });
    expect(dto.milestones.map((m) => m.isDetailed)).toEqual(['true', 'false']);
    expect(dto.milestones[0].tasks.map((t) => t.completed)).toEqual(['true', 'false']);
    expect(dto.milestones[1]).toMatchObject({ orderIndex: 1, tasks: [], freeResources: [], successCriteria: '' });
  });
});
