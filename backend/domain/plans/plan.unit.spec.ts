import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/support/decider-spec';
import { systemActor, type Actor } from '../shared/actor';
import { DomainError } from '../shared/domain-error';
import {
  nextMilestoneToDetail,
  planDecider,
  planProgress,
  planStream,
  taskNeedingHelp,
  type ExistingPlan,
  type MilestoneDetail,
  type PlanCommand,
  type PlanCreated,
  type PlanEvent,
  type PlanTask,
} from './plan';
import { planLimits } from './plan-limits';

const spec = deciderSpec(planDecider);
const now = new Date('2026-03-01T10:00:00Z');
const ada: Actor = { kind: 'user', userId: 'user-ada', role: 'free' };
const grace: Actor = { kind: 'user', userId: 'user-grace', role: 'pro' };
const admin: Actor = { kind: 'user', userId: 'user-admin', role: 'admin' };
const planId = 'plan-1';

const task = (taskId: string, title = `Task ${taskId}`): PlanTask => ({ taskId, title, description: `Do ${taskId}.` });
const detail = (milestoneId: string, taskIds: string[]): MilestoneDetail => ({
  milestoneId,
  title: `Week ${milestoneId}`,
  description: 'What this week is for.',
  timeEstimate: '1 week',
  freeResources: [{ name: 'Fiverr', url: 'https://www.fiverr.com/' }],
  paidResources: [{ name: 'Skillshare', url: 'https://www.skillshare.com/' }],
  tasks: taskIds.map((id) => task(id)),
  successCriteria: 'Done well.',
});
const outline = (milestoneId: string) => ({ milestoneId, title: `Week ${milestoneId}`, description: 'Later.', timeEstimate: '1 week' });

const creation: PlanCreated['data'] = {
  planId,
  ownerId: 'user-ada',
  ideaId: 'fiverr-1',
  title: 'Pet Portraits Plan',
  description: 'Six weeks to paid portraits.',
  category: 'fiverr',
  timeEstimate: '2 weeks',
  firstMilestone: detail('m1', ['t1', 't2']),
  outlines: [outline('m2')],
};
const created: PlanEvent = { type: 'PlanCreated', data: creation };
const done = (taskId: string, milestoneId = 'm1'): PlanEvent => ({ type: 'TaskCompleted', data: { planId, milestoneId, taskId } });
const week2: PlanEvent = { type: 'MilestoneDetailed', data: { planId, milestone: detail('m2', ['t3']) } };
const planDone: PlanEvent = { type: 'PlanCompleted', data: { planId } };

const meta = (actor: Actor) => ({ actor, now });
const create = (actor: Actor, over: Partial<PlanCreated['data']> = {}): PlanCommand => ({ type: 'CreatePlan', data: { ...creation, ...over }, metadata: meta(actor) });
const toggle = (taskId: string, completed?: boolean, actor = ada): PlanCommand => ({
  type: 'ToggleTask',
  data: completed === undefined ? { planId, taskId } : { planId, taskId, completed },
  metadata: meta(actor),
});
const complete = (taskId: string, actor = ada) => toggle(taskId, true, actor);
const reopen = (taskId: string, actor = ada) => toggle(taskId, false, actor);
const detailNext = (milestone = detail('m2', ['t3']), actor = ada): PlanCommand => ({ type: 'DetailNextMilestone', data: { planId, milestone }, metadata: meta(actor) });
const addTask = (milestoneId: string, title: string, actor = ada, taskId = 't9'): PlanCommand => ({
  type: 'AddTask',
  data: { planId, milestoneId, task: { taskId, title, description: '' } },
  metadata: meta(actor),
});
const help = (taskId: string, text = '1. Start here.', actor = ada): PlanCommand => ({ type: 'ProvideTaskHelp', data: { planId, taskId, help: text }, metadata: meta(actor) });

const stateAfter = (events: PlanEvent[]) => events.reduce(planDecider.evolve, planDecider.initialState) as ExistingPlan;

describe('plans', () => {
  it('live in "plan-{id}" streams', () => {
    expect(planStream.name('42')).toBe('plan-42');
    expect(planStream.idOf('plan-42')).toBe('42');
  });

  describe('creation', () => {
    it('is done by the owner (or the system) with the title trimmed; the first milestone is detailed, the rest outlines', () => {
      spec.given([]).when(create(ada, { title: '  Pet Portraits Plan ' })).then([created]);
      spec.given([]).when(create(systemActor('test'))).then([created]);
      const plan = stateAfter([created]);
      expect(plan.status).toBe('active');
      expect(plan.milestones.map((m) => m.isDetailed)).toEqual([true, false]);
      expect(plan.milestones[0]).toMatchObject({ tasks: [{ taskId: 't1', completed: false, helpResponse: null }, { taskId: 't2' }] });
    });

    it('is refused for another member, admins included, and happens once', () => {
      spec.given([]).when(create(grace)).thenThrows('forbidden');
      spec.given([]).when(create(admin)).thenThrows('forbidden');
      spec.given([created]).when(create(ada)).thenThrows('plan_exists');
    });

    it('needs a title, tasks in the first milestone, 1 to 12 milestones and distinct ids', () => {
      spec.given([]).when(create(ada, { title: ' ' })).thenThrows('plan_title_required');
      spec.given([]).when(create(ada, { firstMilestone: detail('m1', []) })).thenThrows('tasks_required');
      const thirteen = Array.from({ length: 12 }, (_, i) => outline(`o${i}`));
      spec.given([]).when(create(ada, { outlines: thirteen })).thenThrows('milestones_out_of_range');
      spec.given([]).when(create(ada, { outlines: [outline('m1')] })).thenThrows('duplicate_id');
      spec.given([]).when(create(ada, { firstMilestone: detail('m1', ['t1', 't1']) })).thenThrows('duplicate_id');
    });
  });

  describe('tasks', () => {
    it('are completed and reopened; doing it twice changes nothing', () => {
      spec.given([created]).when(complete('t1')).then([done('t1')]);
      spec.given([created, done('t1')]).when(complete('t1')).thenNothingHappens();
      spec.given([created, done('t1')]).when(reopen('t1')).then([{ type: 'TaskReopened', data: { planId, milestoneId: 'm1', taskId: 't1' } }]);
      spec.given([created]).when(reopen('t1')).thenNothingHappens();
    });

    it('flip when no state is asked for: an open task is completed, a completed one reopened', () => {
      spec.given([created]).when(toggle('t1')).then([done('t1')]);
      spec.given([created, done('t1')]).when(toggle('t1')).then([{ type: 'TaskReopened', data: { planId, milestoneId: 'm1', taskId: 't1' } }]);
    });

    it('complete the plan when a flip closes its last open task', () => {
      spec.given([created, done('t1'), done('t2'), week2]).when(toggle('t3')).then([done('t3', 'm2'), planDone]);
    });

    it('are added to a detailed milestone with the title trimmed, never to a locked one', () => {
      spec.given([created]).when(addTask('m1', '  Call a vet clinic ')).then([
        { type: 'TaskAdded', data: { planId, milestoneId: 'm1', task: { taskId: 't9', title: 'Call a vet clinic', description: '' } } },
      ]);
      spec.given([created]).when(addTask('m2', 'Too early')).thenThrows('milestone_locked');
      spec.given([created]).when(addTask('m404', 'Nowhere')).thenThrows('milestone_not_found');
    });

    it('need a title within the limit, a new id, and room in the milestone', () => {
      spec.given([created]).when(addTask('m1', '   ')).thenThrows('task_title_required');
      spec.given([created]).when(addTask('m1', 'x'.repeat(planLimits.taskTitle + 1))).thenThrows('task_title_too_long');
      spec.given([created]).when(addTask('m1', 'Again', ada, 't1')).thenThrows('duplicate_id');
      const full = Array.from({ length: planLimits.tasksPerMilestone - 2 }, (_, i): PlanEvent => ({
        type: 'TaskAdded',
        data: { planId, milestoneId: 'm1', task: task(`x${i}`) },
      }));
      spec.given([created, ...full]).when(addTask('m1', 'One more')).thenThrows('task_limit');
    });
  });

  describe('the next milestone', () => {
    it('is refused while a task of a detailed milestone is open', () => {
      spec.given([created]).when(detailNext()).thenThrows('previous_tasks_incomplete');
      spec.given([created, done('t1')]).when(detailNext()).thenThrows('previous_tasks_incomplete');
      const error = (() => {
        try {
          nextMilestoneToDetail(stateAfter([created, done('t1')]), ada);
        } catch (e) {
          return e as DomainError;
        }
      })();
      expect(error?.data).toEqual({ remaining: 1 });
    });

    it('details the next outline, in order, once every task is done', () => {
      spec.given([created, done('t1'), done('t2')]).when(detailNext()).then([week2]);
      expect(nextMilestoneToDetail(stateAfter([created, done('t1'), done('t2')]), ada)).toMatchObject({ weekNumber: 2, outline: { milestoneId: 'm2' } });
      spec.given([created, done('t1'), done('t2')]).when(detailNext(detail('m1', ['t3']))).thenThrows('milestone_out_of_order');
      spec.given([created, done('t1'), done('t2')]).when(detailNext(detail('m2', ['t1']))).thenThrows('duplicate_id');
      spec.given([created, done('t1'), done('t2')]).when(detailNext(detail('m2', []))).thenThrows('tasks_required');
    });

    it('is refused when every milestone is already detailed', () => {
      spec.given([created, done('t1'), done('t2'), week2, done('t3', 'm2'), planDone]).when(detailNext(detail('m3', ['t4']))).thenThrows('all_milestones_detailed');
    });

    it('unlocks the milestone: it can be worked on and takes tasks', () => {
      const plan = stateAfter([created, done('t1'), done('t2'), week2]);
      expect(plan.milestones[1]).toMatchObject({ isDetailed: true, tasks: [{ taskId: 't3', completed: false }] });
      spec.given([created, done('t1'), done('t2'), week2]).when(addTask('m2', 'Extra')).then([
        { type: 'TaskAdded', data: { planId, milestoneId: 'm2', task: { taskId: 't9', title: 'Extra', description: '' } } },
      ]);
    });
  });

  describe('completion', () => {
    it('is not reached while outlines remain, even with every task done', () => {
      spec.given([created, done('t1')]).when(complete('t2')).then([done('t2')]);
    });

    it('comes with the last task once every milestone is detailed', () => {
      spec.given([created, done('t1'), done('t2'), week2]).when(complete('t3')).then([done('t3', 'm2'), planDone]);
      expect(stateAfter([created, done('t1'), done('t2'), week2, done('t3', 'm2'), planDone]).status).toBe('completed');
    });

    it('is undone by a reopened or an added task, and reached again', () => {
      const finished = [created, done('t1'), done('t2'), week2, done('t3', 'm2'), planDone];
      const reopened: PlanEvent = { type: 'TaskReopened', data: { planId, milestoneId: 'm2', taskId: 't3' } };
      expect(stateAfter([...finished, reopened]).status).toBe('active');
      spec.given([...finished, reopened]).when(complete('t3')).then([done('t3', 'm2'), planDone]);
      const added: PlanEvent = { type: 'TaskAdded', data: { planId, milestoneId: 'm2', task: task('t9') } };
      expect(stateAfter([...finished, added]).status).toBe('active');
    });
  });

  describe('help', () => {
    it('is recorded once per task', () => {
      spec.given([created]).when(help('t1', '  1. Start here. ')).then([
        { type: 'TaskHelpProvided', data: { planId, milestoneId: 'm1', taskId: 't1', help: '1. Start here.' } },
      ]);
      const given: PlanEvent = { type: 'TaskHelpProvided', data: { planId, milestoneId: 'm1', taskId: 't1', help: 'x' } };
      spec.given([created, given]).when(help('t1')).thenThrows('help_already_provided');
      expect(() => taskNeedingHelp(stateAfter([created, given]), ada, 't1')).toThrow(DomainError);
      expect(stateAfter([created, given]).milestones[0]).toMatchObject({ tasks: [{ helpResponse: 'x' }, { helpResponse: null }] });
    });

    it('needs text within the limit, and a task of this plan', () => {
      spec.given([created]).when(help('t1', '  ')).thenThrows('help_required');
      spec.given([created]).when(help('t1', 'x'.repeat(planLimits.helpText + 1))).thenThrows('help_too_long');
      spec.given([created]).when(help('task-of-another-plan')).thenThrows('task_not_found');
    });
  });

  describe("another member's plan", () => {
    it('answers as if it did not exist, for every command, admins included', () => {
      for (const actor of [grace, admin]) {
        spec.given([created]).when(complete('t1', actor)).thenThrows('task_not_found');
        spec.given([created]).when(reopen('t1', actor)).thenThrows('task_not_found');
        spec.given([created]).when(toggle('t1', undefined, actor)).thenThrows('task_not_found');
        spec.given([created]).when(help('t1', 'x', actor)).thenThrows('task_not_found');
        spec.given([created]).when(addTask('m1', 'Mine now', actor)).thenThrows('plan_not_found');
        spec.given([created, done('t1'), done('t2')]).when(detailNext(detail('m2', ['t3']), actor)).thenThrows('plan_not_found');
      }
    });

    it('gives the same answers as a plan that does not exist', () => {
      spec.given([]).when(complete('t1')).thenThrows('task_not_found');
      spec.given([]).when(help('t1')).thenThrows('task_not_found');
      spec.given([]).when(addTask('m1', 'x')).thenThrows('plan_not_found');
      spec.given([]).when(detailNext()).thenThrows('plan_not_found');
    });
  });

  describe('progress', () => {
    it('is the rounded percent of completed tasks', () => {
      const three: PlanEvent = { type: 'PlanCreated', data: { ...creation, firstMilestone: detail('m1', ['t1', 't2', 't3']) } };
      expect(planProgress(stateAfter([three]))).toBe(0);
      expect(planProgress(stateAfter([three, done('t1')]))).toBe(33);
      expect(planProgress(stateAfter([three, done('t1'), done('t2')]))).toBe(67);
      expect(planProgress(stateAfter([three, done('t1'), done('t2'), done('t3')]))).toBe(100);
    });
  });
});

describe('deleting a plan', () => {
  const remove = (actor: Actor, reason = 'Reset by an admin'): PlanCommand => ({ type: 'DeletePlan', data: { planId, reason }, metadata: meta(actor) });
  const planDeleted: PlanEvent = { type: 'PlanDeleted', data: { planId, reason: 'Reset by an admin' } };

  it('is done by an admin or the system, with the reason trimmed', () => {
    spec.given([created, done('t1')]).when(remove(admin, ' Reset by an admin  ')).then([planDeleted]);
    spec.given([created]).when(remove(systemActor('test'))).then([planDeleted]);
  });

  it('is refused to members, the owner included', () => {
    spec.given([created]).when(remove(ada)).thenThrows('forbidden', { kind: 'forbidden', data: { action: 'delete_member_content' } });
    spec.given([created]).when(remove(grace)).thenThrows('forbidden');
  });

  it('needs a reason and a plan that exists', () => {
    spec.given([created]).when(remove(admin, '')).thenThrows('reason_required');
    spec.given([]).when(remove(admin)).thenThrows('plan_not_found', { kind: 'not_found' });
  });

  it('writes nothing the second time', () => {
    spec.given([created, planDeleted]).thenState({ status: 'deleted', planId, ownerId: 'user-ada' });
    spec.given([created, planDeleted]).when(remove(admin)).thenNothingHappens();
  });

  it("answers every member command afterwards as for a plan that does not exist", () => {
    spec.given([created, planDeleted]).when(toggle('t1')).thenThrows('task_not_found');
    spec.given([created, planDeleted]).when(create(ada)).thenThrows('plan_exists');
    const state = [created, done('t1'), done('t2'), planDeleted].reduce(planDecider.evolve, planDecider.initialState);
    expect(() => nextMilestoneToDetail(state, ada)).toThrow(expect.objectContaining({ code: 'plan_not_found' }));
  });
});
