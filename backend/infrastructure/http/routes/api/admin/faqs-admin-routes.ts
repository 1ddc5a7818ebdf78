import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { faqs } from '../../../../../application/content/faqs';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { ADMIN_ACTION_HEADER } from '../../../../../application/contracts/admin-actions';
import { memberOf } from '../../../plugins/sessions';
import { createFaqRequestSchema, faqIdParamsSchema, faqListSchema, faqSchema, updateFaqRequestSchema } from '../../../../../application/contracts/faqs';
import { apiRoutes, type AppServices } from '../../../services';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The FAQs tab (back-office §2, §3 FAQ, §5, §7): admins keep the FAQ of /faqs. */
export function faqsAdminRoutes(services: AppServices): FastifyPluginAsyncZod {
  const list = faqs(services.database.db, services);
  return async (app) => {
    app.get(
      '/admin/faqs',
      {
        schema: {
          operationId: 'listAdminFaqs',
          tags: ['content', 'admin'],
          summary: 'Admins: every FAQ in display order',
          response: { 200: faqListSchema, ...errors },
        },
      },
      async () => list.list(),
    );

    app.post(
      '/admin/faqs',
      {
        schema: {
          operationId: 'addFaq',
          tags: ['content', 'admin'],
          summary: 'Admins: add a FAQ',
          description: 'question and answer are required (not blank); orderIndex is a whole number, 0 when not given.',
          body: createFaqRequestSchema,
          response: { 201: faqSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await list.add(request.body)),
    );

    app.patch(
      '/admin/faqs/:id',
      {
        schema: {
          operationId: 'updateFaq',
          tags: ['content', 'admin'],
          summary: 'Admins: change a FAQ’s question, answer or display order',
          description: 'The fields given change; a question or answer given may not be blank. 404 "FAQ not found" for an unknown id.',
          params: faqIdParamsSchema,
          body: updateFaqRequestSchema,
          response: { 200: faqSchema, 404: errorResponseSchema, ...errors },
        },
      },
      async (request) => list.update(request.params.id, request.body),
    );

    app.delete(
      '/admin/faqs/:id',
      {
        schema: {
          operationId: 'deleteFaq',
          tags: ['content', 'admin'],
          summary: 'Admins: delete a FAQ',
          description: `404 "FAQ not found" for an unknown id. The deletion can be undone for 30 days: the header \`${ADMIN_ACTION_HEADER}\` names it.`,
          params: faqIdParamsSchema,
          response: { 200: z.object({ message: z.string() }), 404: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const admin = memberOf(request);
        const { actionId } = await services.adminActions.deleteFaq(admin, request.params.id, { actor: admin, requestId: request.id });
        reply.header(ADMIN_ACTION_HEADER, actionId);
        return { message: 'FAQ deleted' };
      },
    );
  };
}

export default apiRoutes(faqsAdminRoutes);
