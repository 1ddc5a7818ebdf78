import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { faqs } from '../../../../../application/content/faqs';
import { faqListSchema } from '../../../../../application/contracts/faqs';
import { apiRoutes, type AppServices } from '../../../services';

/** The FAQ of /faqs (back-office §2 Public pages, §7 Public): everyone reads it, in display order. */
export function faqsRoutes(services: AppServices): FastifyPluginAsyncZod {
  const list = faqs(services.database.db, services);
  return async (app) => {
    app.get(
      '/faqs',
      { schema: { operationId: 'listFaqs', tags: ['content'], summary: 'The FAQs in display order (lower orderIndex first, then the oldest)', response: { 200: faqListSchema } } },
      async () => list.list(),
    );
  };
}

export default apiRoutes(faqsRoutes);
