import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addTaskRequestSchema,
  addTaskResponseSchema,
  generateNextMilestoneResponseSchema,
  generatePlanRequestSchema,
  generatePlanResponseSchema,
  planErrorResponseSchema,
  planHistoryQuerySchema,
  planHistoryResponseSchema,
  planIdParamsSchema,
  planMilestoneParamsSchema,
  planOnlyParamsSchema,
  planResponseSchema,
  plansResponseSchema,
  toTaskDto,
} from '../../../../../application/contracts/plans';
import { answerAiFailures } from '../../../ai-failures';
import { accountLeftAsItWas, memberOf } from '../../../plugins/sessions';
import { planErrors } from '../../../plan-requests';
import { awaitProjections, READ_YOUR_WRITES_TIMEOUT_MS } from '../../../read-your-writes';
import { apiRoutes, type AppServices } from '../../../services';

const aiErrors = { 409: planErrorResponseSchema, 429: planErrorResponseSchema, 502: planErrorResponseSchema, 503: planErrorResponseSchema, 504: planErrorResponseSchema };

/** The signed-in member's action plans (member-product §7). Another member's plan is a 404. */
export function plansRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { plans, progress } = services;

  return async (app) => {
    answerAiFailures(app);

    app.post(
      '/plans/generate',
      {
        schema: {
          operationId: 'generatePlan',
          tags: ['plans'],
          summary: 'Turn one of the member’s ideas into an action plan',
          description:
            'Spends one plan credit (403 with `limitReached`, `upgradeRequired` and code plan_limit or plan_limit_pro when spent). ' +
            '404 "Idea not found" when `ideaId` is not in one of the member’s idea sets. A failed AI call gives the credit back and ' +
            'answers its `errorType` (timeout, rate_limit, parse_error, validation_error). With an `Idempotency-Key` header a repeat ' +
            'answers the first plan and spends nothing.',
          body: generatePlanRequestSchema,
          response: { 201: generatePlanResponseSchema, ...planErrors, ...aiErrors },
        },
      },
      async (request, reply) => {
        const { planId, position } = await plans.generate(memberOf(request), request.body, { requestId: request.id });
        // The plan is stored either way; a slow read model only means the next read may lag.
        if (position) await progress.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS);
        return reply.status(201).send({ planId });
      },
    );

    app.get(
      '/plans',
      {
        config: { cachedPerMember: true },
        schema: {
          operationId: 'listPlans',
          tags: ['plans'],
          summary: 'The member’s plans, newest first',
          response: { 200: plansResponseSchema, 401: planErrorResponseSchema, 403: planErrorResponseSchema },
        },
      },
      async (request) => plans.list(memberOf(request)),
    );

    app.get(
      '/plans/:id',
      {
        config: { cachedPerMember: true },
        schema: {
          operationId: 'getPlan',
          tags: ['plans'],
          summary: 'One of the member’s plans with its milestones and tasks',
          params: planIdParamsSchema,
          response: { 200: planResponseSchema, ...planErrors },
        },
      },
      async (request) => plans.get(memberOf(request), request.params.id),
    );

    app.get(
      '/plans/:id/history',
      {
        schema: {
          operationId: 'getPlanHistory',
          tags: ['plans'],
          summary: 'What happened to the plan, and the plan as it stood at one point',
          description: 'Every event of the plan as a timeline entry (what, when, by whom); `plan` is the plan right after version `at` (default: the latest).',
          params: planIdParamsSchema,
          querystring: planHistoryQuerySchema,
          response: { 200: planHistoryResponseSchema, ...planErrors },
        },
      },
      async (request) => plans.history(memberOf(request), request.params.id, request.query.at === undefined ? undefined : Number(request.query.at)),
    );

    app.post(
      '/plans/:planId/milestones/:milestoneId/tasks',
      {
        schema: {
          operationId: 'addTask',
          tags: ['plans'],
          summary: 'Add a task of the member’s own to a detailed milestone',
          description: '409 "Complete previous milestones to unlock" on an outline.',
          params: planMilestoneParamsSchema,
          body: addTaskRequestSchema,
          response: { 201: addTaskResponseSchema, 202: planErrorResponseSchema, ...planErrors, 409: planErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const { planId, milestoneId } = request.params;
        const added = await plans.addTask(memberOf(request), planId, milestoneId, request.body, { requestId: request.id });
        if (!added.statusChanged) accountLeftAsItWas(request);
        if (!(await awaitProjections(progress, added.position, reply))) return reply;
        return reply.status(201).send(toTaskDto(added.task));
      },
    );

    app.post(
      '/plans/:planId/generate-next-milestone',
      {
        schema: {
          operationId: 'generateNextMilestone',
          tags: ['plans'],
          summary: 'Generate the next milestone’s tasks and resources',
          description:
            'Spends one milestone credit (403 with `limitReached`, code milestone_limit or milestone_limit_pro). Refused with 409 ' +
            '"Complete previous tasks first" before anything is spent unless every task of every detailed milestone is completed ' +
            '(409 already_paid_for, nothing spent, while another request generates the same milestone).',
          params: planOnlyParamsSchema,
          response: { 200: generateNextMilestoneResponseSchema, 202: planErrorResponseSchema, ...planErrors, ...aiErrors },
        },
      },
      async (request, reply) => {
        const member = memberOf(request);
        const { planId, milestoneId, position } = await plans.generateNextMilestone(member, request.params.planId, { requestId: request.id });
        if (!(await awaitProjections(progress, position, reply))) return reply;
        const plan = await plans.get(member, planId);
        return { milestone: plan.milestones.find((m) => m.id === milestoneId)!, plan };
      },
    );
  };
}

export default apiRoutes(plansRoutes);
