import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ACTION_HEADER,
  adminActionIdParamsSchema,
  adminActionsResponseSchema,
  RECENT_ADMIN_ACTIONS,
  undoAdminActionResponseSchema,
} from '../../../../../application/contracts/admin-actions';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { memberOf } from '../../../plugins/sessions';
import { awaitProjections } from '../../../read-your-writes';
import { apiRoutes, type AppServices } from '../../../services';

const refusals = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const tags = ['admin'];

/**
 * Undo for what an admin destroys (issue 53): the recent destructive admin actions, and their
 * undo. Each destructive route names the action it recorded in the header `x-admin-action-id`.
 */
export function adminActionsRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { adminActions, progress } = services;
  return async (app) => {
    app.get(
      '/admin/actions',
      {
        schema: {
          operationId: 'listAdminActions',
          tags,
          summary: `The ${RECENT_ADMIN_ACTIONS} newest destructive admin actions, each saying whether it can still be undone`,
          description:
            'Reset data, the cleanup of every member’s content, role changes, disables, and the deletion of an FAQ, blog post or ' +
            `platform. Each destructive route names the action it recorded in the header \`${ADMIN_ACTION_HEADER}\`.`,
          response: { 200: adminActionsResponseSchema, ...refusals },
        },
      },
      async () => adminActions.recent(),
    );

    app.post(
      '/admin/actions/:id/undo',
      {
        schema: {
          operationId: 'undoAdminAction',
          tags,
          summary: 'Undo a destructive admin action, within 30 days; answers the action as the list now shows it',
          description:
            'Compensates, never rewrites: idea sets and plans come back as they were (credits stay as they are now), the role or ' +
            'state returns, the FAQ, post or platform returns with its id, slug and order. 404 for an unknown action; 409 when it ' +
            'was undone already, is more than 30 days old, its member’s account has been deleted (never restored), the account ' +
            'changed since, or a post now holds its slug.',
          params: adminActionIdParamsSchema,
          response: { 200: undoAdminActionResponseSchema, 202: errorResponseSchema, ...refusals, 404: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const admin = memberOf(request);
        const { action, position } = await adminActions.undo(admin, request.params.id, { actor: admin, requestId: request.id });
        if (!(await awaitProjections(progress, position, reply))) return reply;
        // A disable undone lets the member sign in again: this server's cached sessions go at once.
        if (action.kind === 'disable') app.sessionCache.clear();
        return { message: 'Action undone', action };
      },
    );
  };
}

export default apiRoutes(adminActionsRoutes);
