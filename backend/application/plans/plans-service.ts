import type { Kysely } from 'kysely';
import {
  findTask,
  isDetailed,
  nextMilestoneToDetail,
  planDecider,
  planExists,
  planProgress,
  planStream,
  PlanNotFound,
  TaskNotFound,
  taskNeedingHelp,
  type ExistingPlan,
  type MilestoneState,
  type PlanCommand,
  type PlanState,
  type PlanTask,
} from '../../domain/plans/plan';
import type { CreditKind } from '../../domain/credits/allowances';
import type { CreditPaidFor } from '../../domain/credits/credit-account';
import type { UserActor } from '../../domain/shared/actor';
import { DomainError } from '../../domain/shared/domain-error';
import { readAiConfig } from '../ai/ai-config-store';
import { parseGeneratedMilestone, parseGeneratedPlan, parseTaskHelp } from '../ai/plan-parse';
import { buildMilestonePromptInput, buildPlanPromptInput, buildTaskHelpPromptInput } from '../ai/plan-prompt';
import type { GeneratePlanRequest, PlanDto, PlanHistoryResponse } from '../contracts/plans';
import type { CreditsService } from '../credits/credits-service';
import { AggregateCache } from '../event-sourcing/aggregate-cache';
import { foldStream, handleCommand, type CommandInput } from '../event-sourcing/command-handler';
import { commandContext } from '../event-sourcing/command-context';
import type { Database } from '../ports/database';
import { comparePositions, type AllPosition, type EventStore } from '../ports/event-store';
import type { MilestoneSketch, PlanGenerator } from '../ports/plan-generator';
import type { Clock, IdGenerator } from '../ports/system';
import { callPlanAi } from './plan-ai';
import { planHistory } from './plan-history';
import type { PlanReads } from './plan-reads';

export interface PlansDeps {
  db: Kysely<Database>;
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  generator: PlanGenerator;
  credits: CreditsService;
  reads: PlanReads;
  log?: { error(obj: object, msg: string): void };
}

/** The member a plan command acts for. */
export type PlanMember = UserActor;

export const IdeaNotFound = () => new DomainError('idea_not_found', 'not_found');

/** The newest of the positions a request wrote (what its answer waits for). */
const latest = (...positions: (AllPosition | null)[]) =>
  positions.filter((p): p is AllPosition => p !== null).reduce<AllPosition | null>((a, b) => (a && comparePositions(a, b) >= 0 ? a : b), null);

const sketch = (m: MilestoneState): MilestoneSketch => ({
  title: m.title,
  description: m.description,
  tasks: isDetailed(m) ? m.tasks.map((t) => ({ title: t.title, completed: t.completed })) : [],
});

/** Tasks whose plan a process remembers (about 100 bytes each). */
const TASKS_REMEMBERED = 100_000;

/**
 * Action plans (member-product §2-§4, §7-§9). Commands run through `handleCommand` on the plan's
 * stream with the member as actor; the plan decider refuses another member's plan as not found.
 * The three AI steps (plan, next milestone, task help) spend one credit first, call the AI,
 * record the call, and give the credit back when the AI or the plan's rules refuse the result.
 * Reads come from the plans read model, always by the member's id.
 */
export function createPlansService(deps: PlansDeps) {
  const { db, eventStore, ids, clock, generator, credits, reads } = deps;
  const log = deps.log ?? { error: () => {} };
  const ai = { eventStore, ids, clock, generatorKind: generator.kind, log };

  // A plan's id is new for every plan, so its stream is never written again once deleted.
  const planStates = new AggregateCache<PlanState>();

  async function run(member: PlanMember, planId: string, requestId: string, command: (state: PlanState) => CommandInput<PlanCommand>) {
    const context = commandContext(clock, { actor: member, requestId }, 'plans');
    const outcome = await handleCommand({ eventStore, ids }, planDecider, planStream.name(planId), command, context, { cache: planStates });
    if (planExists(outcome.state)) rememberTasksOf(outcome.state);
    return outcome;
  }

  async function planOf(planId: string): Promise<PlanState> {
    return foldStream(planDecider, await eventStore.readStream(planStream.name(planId)));
  }

  // The plan of every task of each plan this process last ran a command on (so a member ticking
  // one task after another in a plan asks the database only for the first). A task id is new for
  // every task and its plan never changes, so the answer holds for good; whose plan it is, and
  // whether it still stands, the plan's own rules decide (another member's task, or one of a
  // deleted plan, is refused there with the same task_not_found). Bounded: the first remembered
  // go first, and a task forgotten that way is remembered again at its plan's next command (a
  // command touches only the tasks not remembered yet, not every task of the plan again).
  const planOfTask = new Map<string, string>();
  function rememberTasksOf(plan: ExistingPlan) {
    for (const milestone of plan.milestones) {
      if (!isDetailed(milestone)) continue;
      for (const { taskId } of milestone.tasks) if (!planOfTask.has(taskId)) planOfTask.set(taskId, plan.planId);
    }
    while (planOfTask.size > TASKS_REMEMBERED) planOfTask.delete(planOfTask.keys().next().value!);
  }

  /** The plan holding the task: remembered, else the member's own through the read model, else task_not_found. */
  async function planIdOfTask(member: PlanMember, taskId: string): Promise<string> {
    const planId = planOfTask.get(taskId) ?? (await reads.planIdOfTask(member.userId, taskId));
    if (!planId) throw TaskNotFound();
    return planId;
  }

  /**
   * Spends one credit of `kind`, runs `work`, and gives the credit back when `work` fails (an AI
   * failure or a refusal of the plan's rules), then rethrows. Resolves with the spend's position.
   * `rule` is the plan's rule for the step, asked again when the ledger says the thing is already
   * paid for: a request that ran alongside has done the work by then (help given, milestone
   * detailed), so the member is told the rule's true reason; while it is under way, that it is.
   */
  async function paid<T>(
    member: PlanMember,
    kind: CreditKind,
    paidFor: CreditPaidFor,
    requestId: string,
    rule: ((state: PlanState) => unknown) | null,
    work: () => Promise<T>,
  ) {
    const consumptionId = ids.next();
    const spent = await credits
      .consume({ userId: member.userId, role: member.role }, { consumptionId, kind, paidFor }, { actor: member, requestId })
      .catch(async (error: unknown) => {
        if (rule && paidFor.planId && error instanceof DomainError && error.code === 'already_paid_for') rule(await planOf(paidFor.planId));
        throw error;
      });
    try {
      return { result: await work(), spent: spent.position };
    } catch (error) {
      const why = error instanceof DomainError ? error.code : ((error as { type?: string }).type ?? 'error');
      await credits
        .refund(member.userId, consumptionId, `${kind} generation failed (${why})`, { actor: null, requestId })
        .catch((refundError) => log.error({ err: refundError }, `could not refund a ${kind} credit`));
      throw error;
    }
  }

  const withIds = (tasks: { title: string; description: string }[]): PlanTask[] =>
    tasks.map((t) => ({ taskId: ids.next(), title: t.title, description: t.description }));

  return {
    /**
     * POST /api/plans/generate: one plan credit; the idea must be in one of the member's idea sets,
     * and the plan is built from that stored idea's title, description and category (the posted
     * ones only pick among ideas sharing the id), so the AI is sent nothing the member did not keep.
     */
    async generate(member: PlanMember, request: GeneratePlanRequest, origin: { requestId: string }) {
      const ideaId = request.ideaId?.trim();
      const idea = ideaId ? await reads.ideaOf(member.userId, ideaId, request.ideaTitle) : undefined;
      if (!ideaId || !idea) throw IdeaNotFound();
      const config = await readAiConfig(db);
      const input = buildPlanPromptInput(config.settings, {
        ideaTitle: idea.title,
        ideaDescription: idea.description,
        category: idea.category,
        ...(idea.skill ? { skill: idea.skill } : {}),
      });
      const planId = ids.next();
      const { result, spent } = await paid(member, 'plan', { planId }, origin.requestId, null, async () => {
        const { value: plan, recorded } = await callPlanAi(
          ai,
          { kind: 'plan', model: input.model, member, requestId: origin.requestId, configVersion: config.version },
          () => generator.generatePlan(input),
          (text) =>
            parseGeneratedPlan(text, {
              tasks: input.tasks,
              defaultTimeEstimate: input.milestoneTimeEstimate,
              milestonesCount: input.milestonesCount,
              category: input.request.category,
            }),
        );
        const created = await run(member, planId, origin.requestId, () => ({
          type: 'CreatePlan',
          data: {
            planId,
            ownerId: member.userId,
            ideaId,
            title: plan.title,
            description: plan.description,
            category: plan.category,
            timeEstimate: plan.timeEstimate,
            firstMilestone: { ...plan.firstMilestone, milestoneId: ids.next(), tasks: withIds(plan.firstMilestone.tasks) },
            outlines: plan.outlines.map((o) => ({ ...o, milestoneId: ids.next() })),
          },
        }));
        return latest(recorded, created.position);
      });
      return { planId, position: latest(spent, result) };
    },

    /**
     * PATCH /api/tasks/{taskId}/toggle: `completed` is the new state; without it the task flips.
     * `statusChanged`: the plan was completed or became active again, which moves the owner's
     * active-plans count (their account row); otherwise the account stayed as it was.
     */
    async toggleTask(member: PlanMember, taskId: string, completed: boolean | undefined, origin: { requestId: string }) {
      const planId = await planIdOfTask(member, taskId);
      const outcome = await run(member, planId, origin.requestId, () => ({
        type: 'ToggleTask',
        data: completed === undefined ? { planId, taskId } : { planId, taskId, completed },
      }));
      const plan = outcome.state as ExistingPlan;
      return {
        planId,
        task: findTask(plan, taskId)!.task,
        status: plan.status,
        progress: planProgress(plan),
        statusChanged: outcome.decidedOn.status !== plan.status,
        position: outcome.position,
      };
    },

    /** POST /api/plans/{planId}/milestones/{milestoneId}/tasks: a task of the member's own (`statusChanged` as for a toggle). */
    async addTask(member: PlanMember, planId: string, milestoneId: string, task: { title: string; description?: string }, origin: { requestId: string }) {
      const taskId = ids.next();
      const outcome = await run(member, planId, origin.requestId, () => ({
        type: 'AddTask',
        data: { planId, milestoneId, task: { taskId, title: task.title, description: task.description ?? '' } },
      }));
      return {
        planId,
        task: findTask(outcome.state as ExistingPlan, taskId)!.task,
        statusChanged: outcome.decidedOn.status !== outcome.state.status,
        position: outcome.position,
      };
    },

    /** POST /api/tasks/{taskId}/help: one help credit, once per task. */
    async helpWithTask(member: PlanMember, taskId: string, origin: { requestId: string }) {
      const planId = await planIdOfTask(member, taskId);
      // Refused (not the member's, help already given) before a credit is spent.
      const rule = (state: PlanState) => taskNeedingHelp(state, member, taskId);
      const { plan, milestone, task } = rule(await planOf(planId));
      const config = await readAiConfig(db);
      const input = buildTaskHelpPromptInput(config.settings, {
        taskTitle: task.title,
        taskDescription: task.description,
        milestoneTitle: milestone.title,
        milestoneDescription: milestone.description,
        planTitle: plan.title,
        planCategory: plan.category,
      });
      const { result, spent } = await paid(member, 'help', { planId, taskId }, origin.requestId, rule, async () => {
        const { value: help, recorded } = await callPlanAi(
          ai,
          { kind: 'help', model: input.model, member, requestId: origin.requestId, configVersion: config.version },
          () => generator.generateTaskHelp(input),
          parseTaskHelp,
        );
        const outcome = await run(member, planId, origin.requestId, () => ({ type: 'ProvideTaskHelp', data: { planId, taskId, help } }));
        return { task: findTask(outcome.state as ExistingPlan, taskId)!.task, position: latest(recorded, outcome.position) };
      });
      return { planId, help: result.task.helpResponse ?? '', task: result.task, position: latest(spent, result.position) };
    },

    /**
     * POST /api/plans/{planId}/generate-next-milestone: one milestone credit, spent only when
     * every task of every detailed milestone is completed and an outline is left to detail.
     */
    async generateNextMilestone(member: PlanMember, planId: string, origin: { requestId: string }) {
      const rule = (state: PlanState) => nextMilestoneToDetail(state, member);
      const { plan, outline, weekNumber } = rule(await planOf(planId));
      const config = await readAiConfig(db);
      const input = buildMilestonePromptInput(config.settings, {
        planTitle: plan.title,
        planDescription: plan.description,
        planCategory: plan.category,
        weekNumber,
        totalWeeks: plan.milestones.length,
        outline: sketch(outline),
        previous: plan.milestones.slice(0, weekNumber - 1).map(sketch),
      });
      const { result, spent } = await paid(member, 'milestone', { planId, milestoneId: outline.milestoneId }, origin.requestId, rule, async () => {
        const { value: milestone, recorded } = await callPlanAi(
          ai,
          { kind: 'milestone', model: input.model, member, requestId: origin.requestId, configVersion: config.version },
          () => generator.generateMilestone(input),
          (text) => parseGeneratedMilestone(text, { tasks: input.tasks, defaultTimeEstimate: input.milestoneTimeEstimate }),
        );
        const outcome = await run(member, planId, origin.requestId, () => ({
          type: 'DetailNextMilestone',
          data: { planId, milestone: { ...milestone, milestoneId: outline.milestoneId, tasks: withIds(milestone.tasks) } },
        }));
        return latest(recorded, outcome.position);
      });
      return { planId, milestoneId: outline.milestoneId, position: latest(spent, result) };
    },

    /** GET /api/plans: the member's plans, newest first. */
    list(member: Pick<PlanMember, 'userId'>): Promise<PlanDto[]> {
      return reads.list(member.userId);
    },

    /** GET /api/plans/{id}: the member's plan, or plan_not_found (also for another member's). */
    async get(member: Pick<PlanMember, 'userId'>, planId: string): Promise<PlanDto> {
      const plan = await reads.get(member.userId, planId);
      if (!plan) throw PlanNotFound();
      return plan;
    },

    /** GET /api/plans/{id}/history: the timeline of the plan's stream and the plan at version `at`. */
    async history(member: Pick<PlanMember, 'userId'>, planId: string, at?: number): Promise<PlanHistoryResponse> {
      const stream = await eventStore.readStream(planStream.name(planId));
      const state = foldStream(planDecider, stream);
      if (!planExists(state) || state.ownerId !== member.userId) throw PlanNotFound();
      return planHistory(stream, at);
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
