import type { FastifyInstance } from 'fastify';
import { findUnstorableText, unstorableTextMessage } from '../../../application/contracts/text';

/**
 * The safety net behind the contracts' `text` helper (issue 8): before any handler runs, a body,
 * query string or path parameter holding a NUL byte or a lone surrogate anywhere (values or keys,
 * known fields or not) is refused with a 400. PostgreSQL cannot store either. It runs after the
 * role guards (a caller without the role learns only that) and the schemas (whose `text` fields
 * already refuse these with the same message); register it before any other preHandler.
 */
export function registerRequestTextGuard(app: FastifyInstance) {
  app.addHook('preHandler', (request, reply, done) => {
    if (findUnstorableText(request.params) || findUnstorableText(request.query) || findUnstorableText(request.body)) {
      reply.status(400).send({ message: unstorableTextMessage, code: 'validation_error' });
      return;
    }
    done();
  });
}
