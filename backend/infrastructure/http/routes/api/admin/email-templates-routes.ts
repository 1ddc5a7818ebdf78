import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import {
  emailTemplateIdParamsSchema,
  emailTemplateSchema,
  emailTemplatesResponseSchema,
  outboxEmailsResponseSchema,
  updateEmailTemplateRequestSchema,
} from '../../../../../application/contracts/email-templates';
import { memberOf } from '../../../plugins/sessions';
import { apiRoutes, type AppServices } from '../../../services';

const refusals = { 401: errorResponseSchema, 403: errorResponseSchema };

/** The Emails tab (back-office §2, §3 Email template, §7; issue 33): templates and the delivery log. */
export function emailTemplatesRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { emailTemplates } = services;
  return async (app) => {
    app.get(
      '/admin/email-templates',
      {
        schema: {
          operationId: 'listEmailTemplates',
          tags: ['admin', 'email'],
          summary: 'Admins: the email templates the product sends, by name',
          response: { 200: emailTemplatesResponseSchema, ...refusals },
        },
      },
      async () => emailTemplates.list(),
    );

    app.patch(
      '/admin/email-templates/:id',
      {
        schema: {
          operationId: 'updateEmailTemplate',
          tags: ['admin', 'email'],
          summary: 'Admins: change a template’s subject, HTML body or whether it is active',
          description:
            'Any of `subject`, `htmlBody`, `isActive` (\'true\'/\'false\'); a field given may not be blank. The HTML is stored sanitised: ' +
            'scripts, style blocks, frames, forms, `on…` handlers and links other than http(s)/mailto are removed. ' +
            'An inactive template is not used: its email goes out in the built-in wording. 404 "Email template not found".',
          params: emailTemplateIdParamsSchema,
          body: updateEmailTemplateRequestSchema,
          response: { 200: emailTemplateSchema, 400: errorResponseSchema, 404: errorResponseSchema, ...refusals },
        },
      },
      async (request) => emailTemplates.update(memberOf(request), request.params.id, request.body),
    );

    app.get(
      '/admin/emails',
      {
        schema: {
          operationId: 'listOutboxEmails',
          tags: ['admin', 'email'],
          summary: 'Admins: the most recent emails of the outbox with their delivery state',
          description:
            'Newest first: recipient, subject, template, status (queued, sending, sent, failed), attempts, the last error and dates. ' +
            '`delivery` says whether an SMTP server delivers them (SMTP_URL) or they only stay in the outbox.',
          response: { 200: outboxEmailsResponseSchema, ...refusals },
        },
      },
      async () => emailTemplates.recentEmails(),
    );
  };
}

export default apiRoutes(emailTemplatesRoutes);
