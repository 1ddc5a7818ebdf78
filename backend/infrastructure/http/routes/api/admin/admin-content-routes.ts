import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { ADMIN_ACTION_HEADER } from '../../../../../application/contracts/admin-actions';
import {
  adminUserIdParamsSchema,
  cleanupResponseSchema,
  resetDataRequestSchema,
  resetDataResponseSchema,
} from '../../../../../application/contracts/admin-members';
import { memberOf } from '../../../plugins/sessions';
import { awaitProjections } from '../../../read-your-writes';
import { apiRoutes, type AppServices } from '../../../services';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema };

/**
 * Deleting members' content as events (back-office §2 Members tab "reset data" and Dashboard tab
 * cleanup, §6, §7). Each idea set and plan deleted is an event naming the admin and the reason;
 * the answer waits until the member's lists and counters show it.
 */
export function adminContentRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { adminActions, progress } = services;
  return async (app) => {
    app.post(
      '/admin/users/:id/reset-data',
      {
        schema: {
          operationId: 'resetUserData',
          tags: ['admin'],
          summary: 'Admins: delete a member’s idea sets and plans and give back this period’s credits',
          description:
            'Every idea set and plan of the member is deleted (an event each, with the reason: the one given, else "Reset by an admin"), ' +
            'the credits used this period are refunded, and `UserDataReset` is recorded on the account. ' +
            '403 own_data for the admin’s own account (nothing changes); 404 "User not found" for an unknown or deleted account. ' +
            `A reset that deleted something can be undone for 30 days: the header \`${ADMIN_ACTION_HEADER}\` names it.`,
          params: adminUserIdParamsSchema,
          body: resetDataRequestSchema,
          response: { 200: resetDataResponseSchema, 202: errorResponseSchema, 404: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { deletedIdeas, deletedPlans, position, actionId } = await adminActions.resetUser(
          memberOf(request),
          request.params.id,
          request.body?.reason,
          { actor: memberOf(request), requestId: request.id },
        );
        if (actionId) reply.header(ADMIN_ACTION_HEADER, actionId);
        if (!(await awaitProjections(progress, position, reply))) return reply;
        return { message: 'User data reset successfully', deletedIdeas, deletedPlans };
      },
    );

    app.post(
      '/admin/cleanup-user-content',
      {
        schema: {
          operationId: 'cleanupUserContent',
          tags: ['admin'],
          summary: 'Admins: delete every member’s idea sets and plans',
          description:
            'Deletes every idea set and plan of every member (an event each, reason "Content cleanup by an admin"), a page at a time. ' +
            '`updatedUsers` counts the members who had something deleted; a second run answers zeros. A cleanup that deleted ' +
            `something can be undone for 30 days: the header \`${ADMIN_ACTION_HEADER}\` names it.`,
          response: { 200: cleanupResponseSchema, 202: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const cleaned = await adminActions.cleanupAll(memberOf(request), { actor: memberOf(request), requestId: request.id });
        if (cleaned.actionId) reply.header(ADMIN_ACTION_HEADER, cleaned.actionId);
        if (!(await awaitProjections(progress, cleaned.position, reply))) return reply;
        return { deletedIdeas: cleaned.deletedIdeas, deletedPlans: cleaned.deletedPlans, updatedUsers: cleaned.updatedUsers };
      },
    );
  };
}

export default apiRoutes(adminContentRoutes);
