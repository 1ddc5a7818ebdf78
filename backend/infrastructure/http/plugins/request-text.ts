import type { FastifyInstance } from 'fastify';
import { findUnstorableText, unstorableTextMessage } from '../../../application/contracts/text';

/**
 * The safety net behind the contracts' `text` helper (issue 8): before any route's validation,
 * a body, query string or path parameter holding a NUL byte or a lone surrogate anywhere (values
 * or keys, known fields or not) is refused with a 400. PostgreSQL cannot store either.
 */
export function registerRequestTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    if (findUnstorableText(request.params) || findUnstorableText(request.query) || findUnstorableText(request.body)) {
      return reply.status(400).send({ message: unstorableTextMessage, code: 'validation_error' });
    }
  });
}
