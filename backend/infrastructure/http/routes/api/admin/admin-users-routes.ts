import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_USERS_TOTAL_HEADER,
  adminIdeaSetsResponseSchema,
  adminPlansResponseSchema,
  adminUserIdParamsSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  auditQuerySchema,
  auditResponseSchema,
  changeRoleRequestSchema,
  deleteUserResponseSchema,
  toggleDisabledRequestSchema,
} from '../../../../../application/contracts/admin-members';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { ADMIN_ACTION_HEADER } from '../../../../../application/contracts/admin-actions';
import { memberOf } from '../../../plugins/sessions';
import { awaitProjections } from '../../../read-your-writes';
import { apiRoutes, type AppServices } from '../../../services';

const refusals = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const ofOne = { ...refusals, 404: errorResponseSchema };
const tags = ['members', 'admin'];

/** The sentence `DELETE /api/admin/users/{id}` answers. */
export const userDeletedMessage = 'The user and all their data have been permanently deleted';

/**
 * The admin Members tab and user view (back-office §2 Members tab, User view, Delete user dialog;
 * §7 admin calls; issue 32): the members list and its CSV export, one member, their idea sets,
 * plans and audit trail, and an admin's changes: role, disabled, deletion. Admins only (this
 * folder's audience); the rules (never oneself, never the last enabled admin) are the service's.
 */
export function adminUsersRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { adminMembers, adminActions, progress } = services;

  return async (app) => {
    app.get(
      '/admin/users',
      {
        schema: {
          operationId: 'listAdminUsers',
          tags,
          summary: 'A page of the members, filtered and sorted; the header x-total-count says how many match',
          description:
            '`search` matches the start of the first name, last name or email (any case), or a whole id. Default: newest first, 50 a page.',
          querystring: adminUsersQuerySchema,
          response: {
            200: adminUsersResponseSchema.meta({ description: `The page; \`${ADMIN_USERS_TOTAL_HEADER}\` carries how many members match` }),
            ...refusals,
          },
        },
      },
      async (request, reply) => {
        const { members, total } = await adminMembers.list(request.query);
        reply.header(ADMIN_USERS_TOTAL_HEADER, String(total));
        return members;
      },
    );

    app.get(
      '/admin/users/export',
      {
        schema: {
          operationId: 'exportAdminUsers',
          tags,
          summary: 'Every member matching the filters, as a CSV file',
          description: 'Same filters and sort as the list. A cell a spreadsheet would read as a formula starts with an apostrophe.',
          querystring: adminUsersQuerySchema,
          response: {
            200: { description: 'skilly-members-YYYY-MM-DD.csv', content: { 'text/csv': { schema: z.string() } } },
            ...refusals,
          },
        },
      },
      async (request, reply) => {
        const { fileName, lines } = adminMembers.exportCsv(request.query);
        reply.header('content-disposition', `attachment; filename="${fileName}"`);
        reply.header('cache-control', 'no-store');
        // Streamed: the rows are read a batch at a time as the client takes them.
        return reply.type('text/csv; charset=utf-8').send(Readable.from(lines) as unknown as string);
      },
    );

    app.get(
      '/admin/users/:id',
      {
        schema: {
          operationId: 'getAdminUser',
          tags,
          summary: 'One member as the Members tab shows them',
          params: adminUserIdParamsSchema,
          response: { 200: adminUserSchema, ...ofOne },
        },
      },
      async (request) => adminMembers.member(memberOf(request), request.params.id),
    );

    app.put(
      '/admin/users/:id/role',
      {
        schema: {
          operationId: 'changeUserRole',
          tags,
          summary: 'Change a member’s role; answers the member after the change',
          description:
            'Not one’s own role (403); never the last enabled admin’s to another role (409). A change is recorded as an admin action ' +
            `that can be undone for 30 days: the header \`${ADMIN_ACTION_HEADER}\` names it.`,
          params: adminUserIdParamsSchema,
          body: changeRoleRequestSchema,
          response: { 200: adminUserSchema, 202: errorResponseSchema, ...ofOne, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const admin = memberOf(request);
        const changed = await adminActions.changeRole(admin, id, request.body.role, request.body.reason, { actor: admin, requestId: request.id });
        if (changed.actionId) reply.header(ADMIN_ACTION_HEADER, changed.actionId);
        if (!(await awaitProjections(progress, changed.position, reply))) return reply;
        return adminMembers.member(memberOf(request), id);
      },
    );

    app.patch(
      '/admin/users/:id/toggle-disabled',
      {
        schema: {
          operationId: 'toggleUserDisabled',
          tags,
          summary: 'Disable or enable a member’s account; answers the member after the change',
          description:
            '`disabled` is the state wanted. Disabling ends every session of the member before the answer. Not one’s own account ' +
            '(403); never the last enabled admin (409). A disable is recorded as an admin action that can be undone for 30 days: ' +
            `the header \`${ADMIN_ACTION_HEADER}\` names it.`,
          params: adminUserIdParamsSchema,
          body: toggleDisabledRequestSchema,
          response: { 200: adminUserSchema, 202: errorResponseSchema, ...ofOne, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const disabled = request.body.disabled === true || request.body.disabled === 'true';
        const admin = memberOf(request);
        const changed = await adminActions.setDisabled(admin, id, disabled, request.body.reason, { actor: admin, requestId: request.id });
        if (changed.actionId) reply.header(ADMIN_ACTION_HEADER, changed.actionId);
        if (!(await awaitProjections(progress, changed.position, reply))) return reply;
        // This server's cached sessions go at once (the others' when the projection's NOTIFY arrives).
        app.sessionCache.clear();
        return adminMembers.member(memberOf(request), id);
      },
    );

    app.delete(
      '/admin/users/:id',
      {
        schema: {
          operationId: 'deleteUser',
          tags,
          summary: 'Delete a member’s account and erase their data',
          description:
            'The same erasure as a member’s own deletion: subscription cancelled at the payment provider, account deleted (its ' +
            'sessions end), the person’s streams, rows and pictures erased. Not one’s own account (403: that is DELETE ' +
            '/api/user/account); never the last enabled admin (409); 502 when the payment provider cannot be reached.',
          params: adminUserIdParamsSchema,
          response: { 200: deleteUserResponseSchema, ...ofOne, 409: errorResponseSchema, 502: errorResponseSchema },
        },
      },
      async (request) => {
        await adminMembers.delete(memberOf(request), request.params.id, request.id);
        app.sessionCache.clear();
        return { message: userDeletedMessage };
      },
    );

    app.get(
      '/admin/users/:id/ideas',
      {
        schema: {
          operationId: 'listUserIdeaSets',
          tags,
          summary: 'A member’s idea sets, newest first (at most 500)',
          params: adminUserIdParamsSchema,
          response: { 200: adminIdeaSetsResponseSchema, ...ofOne },
        },
      },
      async (request) => adminMembers.ideaSets(memberOf(request), request.params.id),
    );

    app.get(
      '/admin/users/:id/plans',
      {
        schema: {
          operationId: 'listUserPlans',
          tags,
          summary: 'A member’s plans, newest first (at most 500), with milestones, tasks, resources and help answers',
          params: adminUserIdParamsSchema,
          response: { 200: adminPlansResponseSchema, ...ofOne },
        },
      },
      async (request) => adminMembers.plans(memberOf(request), request.params.id),
    );

    app.get(
      '/admin/users/:id/audit',
      {
        schema: {
          operationId: 'getUserAuditTrail',
          tags,
          summary: 'Every event of a member’s account, credits and billing, newest first, as lines to read',
          description: '`kind` keeps one kind: account, role, access, credits, payments or content.',
          params: adminUserIdParamsSchema,
          querystring: auditQuerySchema,
          response: { 200: auditResponseSchema, ...ofOne },
        },
      },
      async (request) => adminMembers.audit(memberOf(request), request.params.id, request.query.kind),
    );
  };
}

export default apiRoutes(adminUsersRoutes);
