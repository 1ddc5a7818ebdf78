import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDeletedMessage, accountExportSchema, signedOutEverywhereMessage } from '../../../../../application/contracts/account';
import { accountActivityQuerySchema, accountActivityResponseSchema } from '../../../../../application/contracts/account-activity';
import { errorResponseSchema, messageResponseSchema } from '../../../../../application/contracts/auth';
import { clearSessionCookie, memberOf } from '../../../plugins/sessions';
import { awaitProjections } from '../../../read-your-writes';
import { apiRoutes, type AppServices } from '../../../services';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

/** The account itself (member-product §2 Profile settings, §4 Account deletion, §7; issue 31): deletion and the data export. */
export function accountRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { accountErasure, accountExport, accountActivity } = services;
  const production = services.config.NODE_ENV === 'production';

  return async (app) => {
    app.delete(
      '/user/account',
      {
        schema: {
          operationId: 'deleteAccount',
          tags: ['user'],
          summary: 'Delete the signed-in account and erase its data',
          description:
            'Cancels the subscription at the payment provider, deletes the account (its sessions end, this one included) and erases ' +
            'the person’s data: their streams in the event store, their rows in every read model and table, their pictures. ' +
            'Records the erasure, without personal data. 409 for the only admin left; 502 when the payment provider cannot be ' +
            'reached (nothing is erased).',
          response: { 200: messageResponseSchema, ...errors, 404: errorResponseSchema, 409: errorResponseSchema, 502: errorResponseSchema },
        },
      },
      async (request, reply) => {
        await accountErasure.erase(request.user!.id, { actor: memberOf(request), requestId: request.id });
        app.sessionCache.clear();
        clearSessionCookie(reply, production);
        return { message: accountDeletedMessage };
      },
    );

    app.post(
      '/user/sign-out-everywhere',
      {
        schema: {
          operationId: 'signOutEverywhere',
          tags: ['user'],
          summary: 'End every session of the signed-in account, this one included',
          description:
            'For a member who signed in on a device they no longer have, or suspects someone else did: every session of the ' +
            'account ends (`SignedOutEverywhere`, listed in the account activity) and the member signs in again.',
          response: { 200: messageResponseSchema, 202: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const position = await services.identity.signOutEverywhere(memberOf(request), { actor: memberOf(request), requestId: request.id });
        app.sessionCache.clear();
        clearSessionCookie(reply, production);
        if (!(await awaitProjections(services.progress, position, reply))) return reply;
        return { message: signedOutEverywhereMessage };
      },
    );

    app.get(
      '/user/activity',
      {
        schema: {
          operationId: 'listAccountActivity',
          tags: ['user'],
          summary: "The signed-in member's own account activity, newest first",
          description:
            'What happened to the account, a page of 20 lines at a time (`page` from 1): password and email changes, ' +
            'the plan changed and by whom ("You", "Skilly support", "Billing"), the account disabled or enabled with the ' +
            'reason staff gave, credits granted, given back or reset, payments and subscription changes. Read from the ' +
            'account-activity projection; never another member’s data or a staff note.',
          querystring: accountActivityQuerySchema,
          response: { 200: accountActivityResponseSchema, 400: errorResponseSchema, ...errors },
        },
      },
      async (request) => accountActivity.page(request.user!.id, Number(request.query.page ?? 1)),
    );

    app.get(
      '/user/export',
      {
        schema: {
          operationId: 'exportAccount',
          tags: ['user'],
          summary: 'Download everything the product holds about the signed-in member',
          description:
            'One JSON file (`skilly-data-YYYY-MM-DD.json`): profile, idea sets, plans each with its history, support tickets with ' +
            'their messages (the support team’s as the support team), the credit statement, the subscription and the payments.',
          response: { 200: accountExportSchema, ...errors, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const { fileName, data } = await accountExport.exportOf(memberOf(request));
        reply.header('content-disposition', `attachment; filename="${fileName}"`);
        reply.header('cache-control', 'no-store');
        return data;
      },
    );
  };
}

export default apiRoutes(accountRoutes);
