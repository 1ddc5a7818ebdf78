import type { FastifyInstance } from 'fastify';
import { AiGenerationError, type AiErrorType } from '../../application/ports/idea-generator';

/** A failed AI call answered as member-product §8 says: the message, its `errorType`, and a status that fits. */
const statusOfAiError: Record<AiErrorType, number> = {
  timeout: 504,
  rate_limit: 429,
  parse_error: 502,
  validation_error: 502,
  unavailable: 503,
};

/**
 * For the route modules whose calls ask the AI (plans, task help): an `AiGenerationError` becomes
 * `{ message, code: 'ai_failed', errorType }`; anything else goes on to the app's error handler.
 */
export function answerAiFailures(app: FastifyInstance) {
  app.setErrorHandler((error, _request, reply) => {
    if (!(error instanceof AiGenerationError)) throw error;
    return reply.status(statusOfAiError[error.type]).send({ message: error.message, code: 'ai_failed', errorType: error.type });
  });
}
