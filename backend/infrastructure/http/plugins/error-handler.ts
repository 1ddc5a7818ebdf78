import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messageOf } from '../../../application/errors/messages';
import { DomainError, QuotaExceeded } from '../../../domain/shared/domain-error';

const statusOfKind: Record<DomainError['kind'], number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  limit: 429,
  quota: 403,
  /** A provider we depend on (the payment provider) failed or refused us. */
  unavailable: 502,
  /** The server has no room for the work right now (every picture decoder taken). */
  busy: 503,
};

/** Turns a schema issue list into the one sentence a form can show. */
function validationMessage(error: { validation: { message?: string; instancePath?: string }[] }): string {
  const first = error.validation[0];
  return first?.message && first.message !== 'Required' ? first.message : 'Please check the highlighted fields';
}

/**
 * The one place errors become responses: 4xx carry a message the UI can show (a rule's error
 * worded by `messageOf`) and a stable code; anything unexpected is logged and answered with a 500 that reveals nothing.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | DomainError | Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ message: validationMessage(error), code: 'validation_error' });
    }
    if (error instanceof DomainError) {
      const { retryAfterMs } = error.data as { retryAfterMs?: number };
      if (retryAfterMs) reply.header('retry-after', Math.ceil(retryAfterMs / 1000));
      const message = messageOf(error);
      if (error instanceof QuotaExceeded) {
        return reply.status(statusOfKind.quota).send({
          message,
          code: error.code,
          limitReached: true,
          upgradeRequired: error.upgradeRequired,
        });
      }
      return reply.status(statusOfKind[error.kind]).send({ message, code: error.code });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'invalid_json' : 'bad_request';
      return reply.status(status).send({ message: error.message, code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'internal_error' });
  });

}
