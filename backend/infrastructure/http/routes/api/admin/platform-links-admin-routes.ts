import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { platformLinks } from '../../../../../application/content/platform-links';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { ADMIN_ACTION_HEADER } from '../../../../../application/contracts/admin-actions';
import { memberOf } from '../../../plugins/sessions';
import {
  platformLinkIdParamsSchema,
  platformLinkListSchema,
  platformLinkRequestSchema,
  platformLinkSchema,
} from '../../../../../application/contracts/platforms';
import { apiRoutes, type AppServices } from '../../../services';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The Platforms tab (back-office §2, §3 Resource link, §5, §7): admins keep the platform directory. */
export function platformLinksAdminRoutes(services: AppServices): FastifyPluginAsyncZod {
  const links = platformLinks(services.database.db, services);
  return async (app) => {
    app.get(
      '/admin/skilly-urls',
      {
        schema: {
          operationId: 'listAdminPlatformLinks',
          tags: ['content', 'admin'],
          summary: 'Admins: every platform link, in the order they were added',
          response: { 200: platformLinkListSchema, ...errors },
        },
      },
      async () => links.list(),
    );

    app.post(
      '/admin/skilly-urls',
      {
        schema: {
          operationId: 'addPlatformLink',
          tags: ['content', 'admin'],
          summary: 'Admins: add a platform link',
          description:
            'platformName, category (one of the 12 categories) and an http(s) url are required; logoUrl is an https address or an uploaded file (/api/files/…).',
          body: platformLinkRequestSchema,
          response: { 201: platformLinkSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await links.add(request.body)),
    );

    app.put(
      '/admin/skilly-urls/:id',
      {
        schema: {
          operationId: 'replacePlatformLink',
          tags: ['content', 'admin'],
          summary: 'Admins: replace a platform link (every field)',
          description: `404 "Resource link not found" for an unknown id. The deletion can be undone for 30 days: the header \`${ADMIN_ACTION_HEADER}\` names it.`,
          params: platformLinkIdParamsSchema,
          body: platformLinkRequestSchema,
          response: { 200: platformLinkSchema, 404: errorResponseSchema, ...errors },
        },
      },
      async (request) => links.replace(request.params.id, request.body),
    );

    app.delete(
      '/admin/skilly-urls/:id',
      {
        schema: {
          operationId: 'deletePlatformLink',
          tags: ['content', 'admin'],
          summary: 'Admins: delete a platform link',
          description: `404 "Resource link not found" for an unknown id. The deletion can be undone for 30 days: the header \`${ADMIN_ACTION_HEADER}\` names it.`,
          params: platformLinkIdParamsSchema,
          response: { 200: z.object({ message: z.string() }), 404: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const admin = memberOf(request);
        const { actionId } = await services.adminActions.deletePlatform(admin, request.params.id, { actor: admin, requestId: request.id });
        reply.header(ADMIN_ACTION_HEADER, actionId);
        return { message: 'Resource link deleted' };
      },
    );
  };
}

export default apiRoutes(platformLinksAdminRoutes);
