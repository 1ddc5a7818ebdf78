import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  planErrorResponseSchema,
  taskHelpResponseSchema,
  taskIdParamsSchema,
  toTaskDto,
  toggleTaskRequestSchema,
  toggleTaskResponseSchema,
} from '../../../../../application/contracts/plans';
import { answerAiFailures } from '../../../ai-failures';
import { accountLeftAsItWas, memberOf } from '../../../plugins/sessions';
import { planErrors, planWriteErrors } from '../../../plan-requests';
import { awaitProjections } from '../../../read-your-writes';
import { apiRoutes, type AppServices } from '../../../services';


/** The tasks of the member's plans, by task id (member-product §7). Another member's task is a 404. */
export function tasksRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { plans, progress } = services;

  return async (app) => {
    answerAiFailures(app);

    app.patch(
      '/tasks/:taskId/toggle',
      {
        schema: {
          operationId: 'toggleTask',
          tags: ['plans'],
          summary: 'Mark a task completed or not',
          description: '`completed` is the new state (true/false or "true"/"false"); without it the task flips. Completing the last task completes the plan. 409 concurrent_change when the plan kept changing under the request.',
          params: taskIdParamsSchema,
          body: toggleTaskRequestSchema,
          response: { 200: toggleTaskResponseSchema, 202: planErrorResponseSchema, ...planWriteErrors },
        },
      },
      async (request, reply) => {
        const toggled = await plans.toggleTask(memberOf(request), request.params.taskId, request.body?.completed, { requestId: request.id });
        if (!toggled.statusChanged) accountLeftAsItWas(request);
        if (!(await awaitProjections(progress, toggled.position, reply))) return reply;
        return { task: toTaskDto(toggled.task), planId: toggled.planId, status: toggled.status, progress: toggled.progress };
      },
    );

    app.post(
      '/tasks/:taskId/help',
      {
        schema: {
          operationId: 'getTaskHelp',
          tags: ['plans'],
          summary: 'Ask the AI for help with a task',
          description:
            'Spends one help credit (403 with `limitReached`, `upgradeRequired`, code help_limit or help_limit_pro when spent); ' +
            'once per task (409 when the task has help already or another request is getting it, nothing spent). A failed AI call gives the credit back.',
          params: taskIdParamsSchema,
          response: {
            200: taskHelpResponseSchema,
            202: planErrorResponseSchema,
            ...planErrors,
            409: planErrorResponseSchema,
            429: planErrorResponseSchema,
            502: planErrorResponseSchema,
            503: planErrorResponseSchema,
            504: planErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const answered = await plans.helpWithTask(memberOf(request), request.params.taskId, { requestId: request.id });
        if (!(await awaitProjections(progress, answered.position, reply))) return reply;
        return { help: answered.help, task: toTaskDto(answered.task) };
      },
    );
  };
}

export default apiRoutes(tasksRoutes);
