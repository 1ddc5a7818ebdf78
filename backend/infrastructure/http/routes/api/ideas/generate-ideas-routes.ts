import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { forbiddenResponseSchema } from '../../../../../application/contracts/credits';
import { generateIdeasRequestSchema, type IdeaStreamMessage } from '../../../../../application/contracts/ideas';
import type { GenerationCaller } from '../../../../../application/ideas/idea-generation';
import { TRIAL_RESULT_LIFETIME_MS } from '../../../../../application/ideas/trial-results';
import { apiRoutes, type AppServices } from '../../../services';

/**
 * The trial cookie: a random id naming the visitor's browser, set by each trial (HttpOnly, so
 * no page script reads it) and kept as long as its results. `POST /api/idea-sets/save-pending`
 * without a token looks only among this browser's trial results.
 */
export const TRIAL_COOKIE = 'skilly_trial';
const browserId = /^[A-Za-z0-9_-]{32}$/;

/** The id in the request's trial cookie, or null when it has none (or not one we made). */
export function trialBrowserOf(request: FastifyRequest): string | null {
  const id = request.cookies[TRIAL_COOKIE];
  return id && browserId.test(id) ? id : null;
}

function keepTrialCookie(reply: FastifyReply, id: string, production: boolean) {
  reply.setCookie(TRIAL_COOKIE, id, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: production,
    maxAge: Math.floor(TRIAL_RESULT_LIFETIME_MS / 1000),
  });
}

/**
 * POST /api/generate-ideas-stream (member-product §7). Refusals come before anything streams,
 * as ordinary JSON errors: 400 invalid body, 403 staff or a spent idea credit (`limitReached`),
 * 429 a visitor's daily trial limit. Then a `text/event-stream` of `data: <json>` lines, each a
 * message of the contract's `ideaStreamMessageSchema` (the client parses them with it):
 * `{content}` per chunk, and last either `{done: true, ideaSetId?, ideas, generator}` or
 * `{error, errorType}`.
 */
export function generateIdeasRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { ideaGeneration } = services;
  const production = services.config.NODE_ENV === 'production';
  return async (app) => {
    app.post(
      '/generate-ideas-stream',
      {
        schema: {
          operationId: 'generateIdeas',
          tags: ['ideas'],
          summary: 'Generate ideas for a skill, streamed',
          description:
            'Visitors: a trial, limited per IP address and day. Members: spends one idea credit and keeps the set. ' +
            'Customization fields are used for pro members only. The 200 answer is text/event-stream: ' +
            '`data: {"content": "..."}` chunks, then `data: {"done": true, "ideaSetId": "...", "ideas": {...}, "generator": "openai|offline"}` ' +
            'or `data: {"error": "...", "errorType": "timeout|rate_limit|parse_error|validation_error|unavailable"}`. ' +
            'A visitor\'s `done` also carries `trialToken`, and the answer sets the HttpOnly `skilly_trial` cookie naming the browser: ' +
            'after sign-up, POST /api/idea-sets/save-pending with either keeps these ideas in the new account. ' +
            'With an `Idempotency-Key` header a repeat of the same request answers 409 and neither generates nor spends again.',
          body: generateIdeasRequestSchema,
          response: { 400: errorResponseSchema, 403: forbiddenResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const user = request.user;
        const caller: GenerationCaller = user
          ? { kind: 'member', userId: user.id, role: user.role }
          : { kind: 'visitor', ip: request.ip, browser: trialBrowserOf(request) ?? randomBytes(24).toString('base64url') };
        const generation = await ideaGeneration.start(request.body, caller, request.id);
        if (caller.kind === 'visitor') keepTrialCookie(reply, caller.browser, production);

        const stream = new PassThrough();
        // A client that went away must not crash the process: later writes are dropped.
        stream.on('error', () => {});
        const send = (message: IdeaStreamMessage) => {
          if (!stream.destroyed && stream.writable) stream.write(`data: ${JSON.stringify(message)}\n\n`);
        };
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no');
        // An SSE comment line at once: the headers go out now, so a client that leaves before the
        // AI answers closes an open stream quietly instead of failing an unsent reply.
        stream.write(': generating\n\n');
        // A stream is piped as it is, never serialised: the error schemas do not apply to it.
        reply.send(stream as never);
        const left = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) left.abort(new DOMException('The client went away', 'AbortError'));
        });
        // A member's generation completes even if the client leaves (the set is on /ideas); a
        // visitor's stops and does not count as a trial.
        void generation
          .run(send, left.signal)
          .catch((error) => {
            request.log.error({ err: error }, 'idea generation stream failed');
            send({ error: 'Failed to generate ideas. Please try again.', errorType: 'unavailable' });
          })
          .finally(() => stream.end());
        return reply;
      },
    );
  };
}

export default apiRoutes(generateIdeasRoutes);
