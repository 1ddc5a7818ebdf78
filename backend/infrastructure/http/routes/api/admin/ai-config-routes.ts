import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiConfigOutcomesResponseSchema,
  aiConfigPreviewRequestSchema,
  aiConfigPreviewResponseSchema,
  aiConfigResponseSchema,
  aiConfigUpdateSchema,
  aiConfigVersionDetailSchema,
  aiConfigVersionParamsSchema,
  aiConfigVersionsResponseSchema,
} from '../../../../../application/contracts/ai-config';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { text } from '../../../../../application/contracts/text';
import { memberOf } from '../../../plugins/sessions';
import { awaitProjections } from '../../../read-your-writes';
import { apiRoutes, type AppServices } from '../../../services';

const refusals = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const tags = ['ai-config', 'admin'];

const restoreBodySchema = z
  .object({ reason: text({ max: 500, tooLong: 'Reason must be at most 500 characters' }).optional() })
  .strict()
  .optional();

/**
 * The admin Model, Skilly AI and Skilly Prompts tabs (back-office §2, §3, §5, §7; issue 33):
 * the configuration in force, its versions, a restore, and a preview of the exact prompts.
 * Admins only (this folder's audience). A save or restore answers once the versions read model
 * shows it (read your writes).
 */
export function aiConfigRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { aiConfig, progress } = services;
  return async (app) => {
    app.get(
      '/admin/ai-config',
      {
        schema: {
          operationId: 'getAiConfig',
          tags,
          summary: 'The AI configuration in force, its version (0: the built-in defaults) and who saved it',
          response: { 200: aiConfigResponseSchema, ...refusals },
        },
      },
      async () => aiConfig.current(),
    );

    app.post(
      '/admin/ai-config',
      {
        schema: {
          operationId: 'saveAiConfig',
          tags,
          summary: 'Save some AI configuration fields as a new version; answers the configuration in force',
          description:
            'Any subset of the fields, merged over the current configuration and validated whole (back-office §5 ranges): 400 with ' +
            'the first problem and nothing saved. A save that changes nothing records no version.',
          body: aiConfigUpdateSchema,
          response: { 200: aiConfigResponseSchema, 202: errorResponseSchema, ...refusals },
        },
      },
      async (request, reply) => {
        const saved = await aiConfig.save(memberOf(request), request.body, request.id);
        if (!(await awaitProjections(progress, saved.position, reply))) return reply;
        return aiConfig.current();
      },
    );

    app.get(
      '/admin/ai-config/versions',
      {
        schema: {
          operationId: 'listAiConfigVersions',
          tags,
          summary: 'Every saved version of the AI configuration, newest first: when, who, what changed, restored from',
          response: { 200: aiConfigVersionsResponseSchema, ...refusals },
        },
      },
      async () => aiConfig.versions(),
    );

    app.get(
      '/admin/ai-config/versions/:version',
      {
        schema: {
          operationId: 'getAiConfigVersion',
          tags,
          summary: 'One version’s whole configuration (0: the built-in defaults)',
          params: aiConfigVersionParamsSchema,
          response: { 200: aiConfigVersionDetailSchema, ...refusals, 404: errorResponseSchema },
        },
      },
      async (request) => aiConfig.version(Number(request.params.version)),
    );

    app.post(
      '/admin/ai-config/versions/:version/restore',
      {
        schema: {
          operationId: 'restoreAiConfigVersion',
          tags,
          summary: 'Make an earlier version the configuration in force again, as a new version; answers the configuration',
          description: 'Version 0 restores the built-in defaults. Restoring what is already in force records nothing.',
          params: aiConfigVersionParamsSchema,
          body: restoreBodySchema,
          response: { 200: aiConfigResponseSchema, 202: errorResponseSchema, ...refusals, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const reason = request.body?.reason?.trim() || null;
        const restored = await aiConfig.restore(memberOf(request), Number(request.params.version), reason, request.id);
        if (!(await awaitProjections(progress, restored.position, reply))) return reply;
        return aiConfig.current();
      },
    );

    app.get(
      '/admin/ai-config/outcomes',
      {
        schema: {
          operationId: 'getAiConfigOutcomes',
          tags,
          summary: 'What each version of the AI configuration led to, counted from every event since the first, and week by week',
          description:
            'Per version: idea sets generated, the share of their ideas turned into plans, milestones completed, tasks completed within 30 days ' +
            'and help requests per plan, members (first idea set made by the version) who became Pro within 30 days, and the AI cost per idea set; ' +
            'each with its sample. A rate over an empty sample is null. Counted by a projection that follows the log, so it may trail a write by its lag.',
          response: { 200: aiConfigOutcomesResponseSchema, ...refusals },
        },
      },
      async () => aiConfig.outcomes(),
    );

    app.get(
      '/admin/ai-config/outcomes.csv',
      {
        schema: {
          operationId: 'exportAiConfigOutcomes',
          tags,
          summary: 'The outcomes of each AI configuration version as a CSV file, one line per version',
          response: {
            200: { description: 'skilly-ai-outcomes-YYYY-MM-DD.csv', content: { 'text/csv': { schema: z.string() } } },
            ...refusals,
          },
        },
      },
      async (_request, reply) => {
        const csv = await aiConfig.outcomesCsv();
        reply.header('content-disposition', `attachment; filename="skilly-ai-outcomes-${new Date().toISOString().slice(0, 10)}.csv"`);
        reply.header('cache-control', 'no-store');
        return reply.type('text/csv; charset=utf-8').send(csv);
      },
    );

    app.post(
      '/admin/ai-config/preview',
      {
        schema: {
          operationId: 'previewAiPrompt',
          tags,
          summary: 'The exact system and user messages the OpenAI adapter would send for a sample, with unsaved changes laid over',
          body: aiConfigPreviewRequestSchema,
          response: { 200: aiConfigPreviewResponseSchema, ...refusals },
        },
      },
      async (request) => aiConfig.preview(request.body),
    );
  };
}

export default apiRoutes(aiConfigRoutes);
