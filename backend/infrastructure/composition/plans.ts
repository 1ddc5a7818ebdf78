import type { IdeaGenerator } from '../../application/ports/idea-generator';
import type { PlanGenerator } from '../../application/ports/plan-generator';
import { createPlansService } from '../../application/plans/plans-service';
import { findMemberIdea, findPlanIdOfTask, findPlanOf, listPlansOf } from '../../projections/plans/plans-projection';
import { OfflinePlanGenerator } from '../ai/offline-plan-generator';
import { OpenAiIdeaGenerator } from '../ai/openai-idea-generator';
import type { CreditsContext } from './credits';
import type { Platform } from './platform';
import { planDecider, type PlanCreated } from '../../domain/plans/plan';
import { plansReadModel } from '../../projections/plans/read-model';
import { defineSlice } from '../slices/slice';
import { callers } from '../slices/callers';

export interface PlansOverrides {
  /** The AI adapter for plans, next milestones and task help (tests script answers and failures with it). */
  planGenerator?: PlanGenerator;
}

/** Plans: action plans from ideas, their milestones, tasks and task help (spending plan, milestone and help credits). */
export function plansContext(
  platform: Platform,
  { credits }: Pick<CreditsContext, 'credits'>,
  { ideaGenerator }: { ideaGenerator: IdeaGenerator },
  overrides: PlansOverrides = {},
) {
  const { database, eventStore, ids, clock, logger } = platform;
  const db = database.db;
  return {
    plans: createPlansService({
      db,
      eventStore,
      ids,
      clock,
      generator: overrides.planGenerator ?? choosePlanGenerator(ideaGenerator, platform),
      credits,
      reads: {
        ideaOf: (ownerId, ideaId, title) => findMemberIdea(db, ownerId, ideaId, title),
        planIdOfTask: (ownerId, taskId) => findPlanIdOfTask(db, ownerId, taskId),
        list: (ownerId) => listPlansOf(db, ownerId),
        get: (ownerId, planId) => findPlanOf(db, ownerId, planId),
      },
      log: logger.child({ component: 'plans' }),
    }),
  };
}

/** The OpenAI client ideas use when a key is configured (it serves both ports), else the offline plan generator. */
function choosePlanGenerator(ideaGenerator: IdeaGenerator, platform: Platform): PlanGenerator {
  if (ideaGenerator instanceof OpenAiIdeaGenerator) return ideaGenerator;
  const log = platform.logger.child({ component: 'ai' });
  return new OfflinePlanGenerator({ log: (message) => log.info(message) });
}

/** Plans' slice: action plans, milestones, tasks and task help (the `plans` and `tasks` routes). */
export const plansSlice = defineSlice({
  name: 'plans',
  context: (platform, built: Pick<CreditsContext, 'credits'> & { ideaGenerator: IdeaGenerator }, overrides: PlansOverrides) =>
    plansContext(platform, built, built, overrides),
  readModels: [plansReadModel],
  aggregates: [
    {
      name: 'plan',
      decider: planDecider,
      history: [
        {
          type: 'PlanCreated',
          data: {
            planId: 'p',
            ownerId: 'u',
            ideaId: 'i',
            title: 'T',
            description: '',
            category: 'c',
            timeEstimate: '1 week',
            firstMilestone: { milestoneId: 'm', title: 'M', description: '', timeEstimate: '1 week', freeResources: [], paidResources: [], tasks: [{ taskId: 't', title: 'T', description: '' }], successCriteria: '' },
            outlines: [],
          },
        },
      ],
    },
  ],
  streamOwners: [{ eventTypes: ['PlanCreated'], ownerOf: (event) => (event.data as PlanCreated['data']).ownerId }],
  routeFolders: ['plans', 'tasks'],
  exportSections: ({ plans }) => ({
    plans: async (member) =>
      Promise.all((await plans.list(member)).map(async (plan) => ({ ...plan, history: (await plans.history(member, plan.id)).entries }))),
  }),
  async memberExamples(api, made) {
    const title = made.ideaTitle ?? api.distinctive('Idea');
    const generated = await api.call('POST', '/api/plans/generate', { ideaTitle: title, ideaDescription: 'Paint pets from photos.', category: 'fiverr', ideaId: made.idea ?? 'idea-1' });
    if (generated.status !== 201) throw new Error(`generating a plan answered ${generated.status}: ${JSON.stringify(generated.body)}`);
    const plan = (await api.call('GET', `/api/plans/${generated.body.planId}`)).body;
    const milestone = plan.milestones[0];
    const task = milestone.tasks[0];
    // A task ticked and one added, so the plan has a history beyond its creation.
    await api.call('PATCH', `/api/tasks/${task.id}/toggle`, { completed: true });
    const added = await api.call('POST', `/api/plans/${plan.id}/milestones/${milestone.id}/tasks`, { title: api.distinctive('Task') });
    if (added.status !== 201) throw new Error(`adding a task answered ${added.status}`);
    return { plan: plan.id, milestone: milestone.id, task: task.id };
  },
  // Who may call each of its operations (the role matrix: tests/reliability/role-matrix.int.spec.ts).
  callers: {
    generatePlan: callers.members,
    listPlans: callers.members,
    getPlan: callers.members,
    getPlanHistory: callers.members,
    addTask: callers.members,
    generateNextMilestone: callers.members,
    toggleTask: callers.members,
    getTaskHelp: callers.members,
  },
});
