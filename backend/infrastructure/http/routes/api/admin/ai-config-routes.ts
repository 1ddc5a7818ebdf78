import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
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
