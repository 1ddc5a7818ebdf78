import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/support/decider-spec';
import { systemActor, type Actor } from '../shared/actor';
import { DomainError } from '../shared/domain-error';
import {
  currentMilestone,
  evolvePlan,
  initialPlanState,
  isDetailed,
  milestoneDone,
  nextMilestoneToDetail,
  planDecider,
  planExists,
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
const toggle = (taskId: string, completed?: boolean, actor: Actor = ada): PlanCommand => ({
  type: 'ToggleTask',
  data: completed === undefined ? { planId, taskId } : { planId, taskId, completed },
  metadata: meta(actor),
});
const complete = (taskId: string, actor: Actor = ada) => toggle(taskId, true, actor);
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
      spec.given([]).when(create(grace)).thenThrows('forbidden', { kind: 'forbidden', data: { action: 'create_plan_for_another' } });
      spec.given([]).when(create(admin)).thenThrows('forbidden', { kind: 'forbidden', data: { action: 'create_plan_for_another' } });
      spec.given([created]).when(create(ada)).thenThrows('plan_exists', { kind: 'conflict', data: {} });
    });

    it('needs a title, tasks in the first milestone, 1 to 12 milestones and distinct ids', () => {
      spec.given([]).when(create(ada, { title: ' ' })).thenThrows('plan_title_required', { kind: 'invalid', data: {} });
      spec.given([]).when(create(ada, { firstMilestone: detail('m1', []) })).thenThrows('tasks_required', { kind: 'invalid', data: {} });
      const thirteen = Array.from({ length: 12 }, (_, i) => outline(`o${i}`));
      spec.given([]).when(create(ada, { outlines: thirteen })).thenThrows('milestones_out_of_range', { kind: 'invalid', data: { min: 1, max: 12 } });
      spec.given([]).when(create(ada, { outlines: [outline('m1')] })).thenThrows('duplicate_id', { kind: 'conflict', data: { id: 'm1' } });
      spec.given([]).when(create(ada, { firstMilestone: detail('m1', ['t1', 't1']) })).thenThrows('duplicate_id', { kind: 'conflict', data: { id: 't1' } });
    });

    it('takes a single milestone, and at most twelve', () => {
      const alone: PlanEvent = { type: 'PlanCreated', data: { ...creation, outlines: [] } };
      spec.given([]).when(create(ada, { outlines: [] })).then([alone]);
      const eleven = Array.from({ length: 11 }, (_, i) => outline(`o${i}`));
      spec.given([]).when(create(ada, { outlines: eleven })).then([{ type: 'PlanCreated', data: { ...creation, outlines: eleven } }]);
    });

    it('checks the tasks of the first milestone like added ones', () => {
      const long = { ...task('t1'), title: 'x'.repeat(planLimits.taskTitle + 1) };
      spec.given([]).when(create(ada, { firstMilestone: { ...detail('m1', []), tasks: [long] } })).thenThrows('task_title_too_long');
      const untitled = { ...task('t1'), title: ' ' };
      spec.given([]).when(create(ada, { firstMilestone: { ...detail('m1', []), tasks: [untitled] } })).thenThrows('task_title_required');
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
      spec.given([created]).when(addTask('m2', 'Too early')).thenThrows('milestone_locked', { kind: 'conflict', data: {} });
      spec.given([created]).when(addTask('m404', 'Nowhere')).thenThrows('milestone_not_found', { kind: 'not_found', data: {} });
    });

    it('need a title within the limit, a new id, and room in the milestone', () => {
      spec.given([created]).when(addTask('m1', '   ')).thenThrows('task_title_required', { kind: 'invalid', data: {} });
      spec.given([created]).when(addTask('m1', 'x'.repeat(planLimits.taskTitle + 1))).thenThrows('task_title_too_long', { kind: 'invalid', data: { max: 200 } });
      spec.given([created]).when(addTask('m1', 'Again', ada, 't1')).thenThrows('duplicate_id', { kind: 'conflict', data: { id: 't1' } });
      const full = Array.from({ length: planLimits.tasksPerMilestone - 2 }, (_, i): PlanEvent => ({
        type: 'TaskAdded',
        data: { planId, milestoneId: 'm1', task: task(`x${i}`) },
      }));
      spec.given([created, ...full]).when(addTask('m1', 'One more')).thenThrows('task_limit', { kind: 'conflict', data: { max: 50 } });
      spec.given([created, ...full.slice(1)]).when(addTask('m1', 'The fiftieth')).then([
        { type: 'TaskAdded', data: { planId, milestoneId: 'm1', task: { taskId: 't9', title: 'The fiftieth', description: '' } } },
      ]);
    });

    it('take a title and a description exactly at their limits, not one character more', () => {
      const title = 'x'.repeat(planLimits.taskTitle);
      spec.given([created]).when(addTask('m1', title)).then([{ type: 'TaskAdded', data: { planId, milestoneId: 'm1', task: { taskId: 't9', title, description: '' } } }]);
      const withDescription = (description: string): PlanCommand => ({
        type: 'AddTask',
        data: { planId, milestoneId: 'm1', task: { taskId: 't9', title: 'Read', description } },
        metadata: meta(ada),
      });
      const longest = 'd'.repeat(planLimits.taskDescription);
      spec.given([created]).when(withDescription(longest)).then([
        { type: 'TaskAdded', data: { planId, milestoneId: 'm1', task: { taskId: 't9', title: 'Read', description: longest } } },
      ]);
      spec.given([created]).when(withDescription(`${longest}d`)).thenThrows('task_description_too_long', { kind: 'invalid', data: { max: 600 } });
    });

    it('added to one milestone leave the others as they were', () => {
      const added: PlanEvent = { type: 'TaskAdded', data: { planId, milestoneId: 'm2', task: task('t9') } };
      const plan = stateAfter([created, done('t1'), done('t2'), week2, added]);
      expect(plan.milestones.map((m) => (isDetailed(m) ? m.tasks.map((t) => t.taskId) : []))).toEqual([
        ['t1', 't2'],
        ['t3', 't9'],
      ]);
    });
  });

  describe('the next milestone', () => {
    it('is refused while a task of a detailed milestone is open', () => {
      spec.given([created]).when(detailNext()).thenThrows('previous_tasks_incomplete', { kind: 'conflict', data: { remaining: 2 } });
      spec.given([created, done('t1')]).when(detailNext()).thenThrows('previous_tasks_incomplete', { kind: 'conflict', data: { remaining: 1 } });
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
      spec.given([created, done('t1'), done('t2')]).when(detailNext(detail('m1', ['t3']))).thenThrows('milestone_out_of_order', { kind: 'conflict', data: { expected: 'm2' } });
      spec.given([created, done('t1'), done('t2')]).when(detailNext(detail('m2', ['t1']))).thenThrows('duplicate_id');
      spec.given([created, done('t1'), done('t2')]).when(detailNext(detail('m2', []))).thenThrows('tasks_required');
    });

    it('is refused when every milestone is already detailed', () => {
      spec.given([created, done('t1'), done('t2'), week2, done('t3', 'm2'), planDone]).when(detailNext(detail('m3', ['t4']))).thenThrows('all_milestones_detailed', { kind: 'conflict', data: {} });
    });

    it('unlocks the milestone: it can be worked on and takes tasks', () => {
      const plan = stateAfter([created, done('t1'), done('t2'), week2]);
      expect(plan.milestones[1]).toMatchObject({ isDetailed: true, tasks: [{ taskId: 't3', completed: false }] });
      expect(plan.milestones[0]).toMatchObject({ milestoneId: 'm1', isDetailed: true, tasks: [{ taskId: 't1', completed: true }, { taskId: 't2', completed: true }] });
      expect(currentMilestone(stateAfter([created]))).toBe(1);
      expect(currentMilestone(plan)).toBe(2);
      spec.given([created, done('t1'), done('t2'), week2]).when(addTask('m2', 'Extra')).then([
        { type: 'TaskAdded', data: { planId, milestoneId: 'm2', task: { taskId: 't9', title: 'Extra', description: '' } } },
      ]);
    });
  });

  describe('completion', () => {
    it('is not reached while outlines remain, even with every task done', () => {
      spec.given([created, done('t1')]).when(complete('t2')).then([done('t2')]);
    });

    it('is not reached while a task is open, even with every milestone detailed', () => {
      const single: PlanEvent = { type: 'PlanCreated', data: { ...creation, outlines: [] } };
      spec.given([single]).when(complete('t1')).then([done('t1')]);
      spec.given([single, done('t1')]).when(complete('t2')).then([done('t2'), planDone]);
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
      spec.given([created, given]).when(help('t1')).thenThrows('help_already_provided', { kind: 'conflict', data: {} });
      expect(() => taskNeedingHelp(stateAfter([created, given]), ada, 't1')).toThrow(DomainError);
      expect(stateAfter([created, given]).milestones[0]).toMatchObject({ tasks: [{ helpResponse: 'x' }, { helpResponse: null }] });
    });

    it('needs text within the limit, and a task of this plan', () => {
      spec.given([created]).when(help('t1', '  ')).thenThrows('help_required', { kind: 'invalid', data: {} });
      spec.given([created]).when(help('t1', 'x'.repeat(planLimits.helpText + 1))).thenThrows('help_too_long', { kind: 'invalid', data: { max: 4000 } });
      const longest = 'x'.repeat(planLimits.helpText);
      spec.given([created]).when(help('t1', longest)).then([{ type: 'TaskHelpProvided', data: { planId, milestoneId: 'm1', taskId: 't1', help: longest } }]);
      spec.given([created]).when(help('task-of-another-plan')).thenThrows('task_not_found', { kind: 'not_found', data: {} });
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
      spec.given([]).when(complete('t1', systemActor('test'))).thenThrows('task_not_found');
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

    it('is 0 for a plan without tasks', () => {
      const taskless: PlanEvent = { type: 'PlanCreated', data: { ...creation, firstMilestone: detail('m1', []) } };
      expect(planProgress(stateAfter([taskless]))).toBe(0);
    });

    it('counts a milestone done when it is detailed and every one of its tasks is completed', () => {
      const [first, second] = stateAfter([created, done('t1')]).milestones;
      expect(milestoneDone(first)).toBe(false);
      expect(milestoneDone(second)).toBe(false);
      expect(milestoneDone(stateAfter([created, done('t1'), done('t2')]).milestones[0])).toBe(true);
      expect(milestoneDone(stateAfter([created, done('t2')]).milestones[0])).toBe(false);
      const taskless: PlanEvent = { type: 'PlanCreated', data: { ...creation, firstMilestone: detail('m1', []) } };
      expect(milestoneDone(stateAfter([taskless]).milestones[0])).toBe(false);
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
    spec.given([created, planDeleted]).thenState({ status: 'deleted', planId, ownerId: 'user-ada', plan: stateAfter([created]) });
    spec.given([created, planDeleted]).when(remove(admin)).thenNothingHappens();
  });

  it("answers every member command afterwards as for a plan that does not exist", () => {
    spec.given([created, planDeleted]).when(toggle('t1')).thenThrows('task_not_found');
    spec.given([created, planDeleted]).when(create(ada)).thenThrows('plan_exists');
    const state = [created, done('t1'), done('t2'), planDeleted].reduce(planDecider.evolve, planDecider.initialState);
    expect(() => nextMilestoneToDetail(state, ada)).toThrow(expect.objectContaining({ code: 'plan_not_found' }));
    spec.given([created, planDeleted]).when(toggle('t1', true, systemActor('test'))).thenThrows('task_not_found');
  });

  it('leaves a plan that no longer exists, which later events do not bring back', () => {
    expect(planExists(initialPlanState)).toBe(false);
    expect(planExists(stateAfter([created]))).toBe(true);
    const deleted = [created, planDeleted].reduce(planDecider.evolve, planDecider.initialState);
    expect(planExists(deleted)).toBe(false);
    for (const event of [done('t1'), planDone, week2, planDeleted]) {
      expect(evolvePlan(initialPlanState, event)).toEqual(initialPlanState);
      expect(evolvePlan(deleted, event)).toEqual({ status: 'deleted', planId, ownerId: 'user-ada', plan: stateAfter([created]) });
    }
  });
});

describe('restoring a deleted plan (issue 53: an admin undoes a reset or a cleanup)', () => {
  const createdAt = '2026-02-01T09:00:00.000Z';
  const restore = (actor: Actor, reason = 'Undo of an admin action'): PlanCommand => ({ type: 'RestorePlan', data: { planId, reason, createdAt }, metadata: meta(actor) });
  const planDeleted: PlanEvent = { type: 'PlanDeleted', data: { planId, reason: 'Reset by an admin' } };
  const history = [created, done('t1'), { type: 'TaskHelpProvided', data: { planId, milestoneId: 'm1', taskId: 't2', help: 'Start small.' } } as PlanEvent];

  it('brings the plan back as it stood when deleted: tasks done, help answers, and its creation time', () => {
    const before = stateAfter(history);
    spec
      .given([...history, planDeleted])
      .when(restore(admin, ' Undo of an admin action '))
      .then([{ type: 'PlanRestored', data: { planId, reason: 'Undo of an admin action', plan: before, createdAt } }]);
    const restored = [...history, planDeleted, { type: 'PlanRestored', data: { planId, reason: 'Undo', plan: before, createdAt } } as PlanEvent].reduce(
      planDecider.evolve,
      planDecider.initialState,
    );
    expect(restored).toEqual(before);
    expect(planProgress(restored as ExistingPlan)).toBe(planProgress(before));
  });

  it('takes member commands again once restored', () => {
    const restored: PlanEvent = { type: 'PlanRestored', data: { planId, reason: 'Undo', plan: stateAfter([created]), createdAt } };
    spec.given([created, planDeleted, restored]).when(complete('t1')).then([done('t1')]);
  });

  it('is an admin’s or the system’s, needs a reason, and writes nothing for a plan that is there', () => {
    spec.given([created, planDeleted]).when(restore(ada)).thenThrows('forbidden', { kind: 'forbidden', data: { action: 'restore_member_content' } });
    spec.given([created, planDeleted]).when(restore(admin, ' ')).thenThrows('reason_required');
    spec.given([]).when(restore(admin)).thenThrows('plan_not_found');
    spec.given([created]).when(restore(admin)).thenNothingHappens();
    spec.given([created, planDeleted]).when(restore(systemActor('test'))).then([{ type: 'PlanRestored', data: { planId, reason: 'Undo of an admin action', plan: stateAfter([created]), createdAt } }]);
  });
});
