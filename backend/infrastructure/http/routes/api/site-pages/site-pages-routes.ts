import { clientNetwork } from '../../../../../application/quotas/client-network';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { companyContentResponseSchema } from '../../../../../application/contracts/company-content';
import {
  contactContentResponseSchema,
  contactMessageRequestSchema,
  contactMessageSentSchema,
  contactMessageSentText,
} from '../../../../../application/contracts/contact';
import { CONTACT_MESSAGES_PER_DAY } from '../../../../../application/contact/contact-messages';
import { readCompanyContent } from '../../../../../application/content/company-content';
import { readContactContent } from '../../../../../application/content/contact-content';
import { apiRoutes, type AppServices } from '../../../services';

/** The company and contact pages (back-office §2, §3, §7 public calls): their texts and the contact form. */
export function sitePagesRoutes(services: AppServices): FastifyPluginAsyncZod {
  const db = services.database.db;
  const { contactMessages } = services;
  return async (app) => {
    app.get(
      '/company-content',
      {
        schema: {
          operationId: 'getCompanyContent',
          tags: ['content'],
          summary: 'Texts of the company page (the defaults until an admin saves it)',
          response: { 200: companyContentResponseSchema },
        },
      },
      async () => readCompanyContent(db),
    );

    app.get(
      '/contact-content',
      {
        schema: {
          operationId: 'getContactContent',
          tags: ['content'],
          summary: 'Texts of the contact page (the defaults until an admin saves it)',
          response: { 200: contactContentResponseSchema },
        },
      },
      async () => readContactContent(db),
    );

    app.post(
      '/contact',
      {
        schema: {
          operationId: 'sendContactMessage',
          tags: ['content'],
          summary: 'Send a message from the contact page',
          description:
            'Stores the message for the admins and emails the page’s contact address. 400 with the §5 sentence of the first ' +
            `field refused (nothing stored); 429 once the client address has sent ${CONTACT_MESSAGES_PER_DAY} messages today.`,
          body: contactMessageRequestSchema,
          response: { 201: contactMessageSentSchema, 400: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        await contactMessages.send(request.body, clientNetwork(request.ip));
        return reply.status(201).send({ message: contactMessageSentText });
      },
    );
  };
}

export default apiRoutes(sitePagesRoutes);
