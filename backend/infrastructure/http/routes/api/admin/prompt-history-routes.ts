import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROMPT_HISTORY_SIZE, promptHistoryResponseSchema } from '../../../../../application/contracts/ai-config';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { apiRoutes, type AppServices } from '../../../services';

/** The admin Skilly Prompts tab's prompt history (back-office §2, §7, §9). Admins only (the folder's audience). */
export function promptHistoryRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { aiConfig } = services;
  return async (app) => {
    app.get(
      '/admin/idea-sets',
      {
        schema: {
          operationId: 'listPromptHistory',
          tags: ['ai-config', 'admin'],
          summary: `The ${PROMPT_HISTORY_SIZE} most recent idea generations of all members, newest first, with the member’s name, email and idea count`,
          response: { 200: promptHistoryResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async () => aiConfig.promptHistory(),
    );
  };
}

export default apiRoutes(promptHistoryRoutes);
