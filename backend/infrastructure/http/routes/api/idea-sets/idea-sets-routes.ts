import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import {
  IDEA_SETS_PAGE_DEFAULT,
  type IdeaSet,
  ideaSetSchema,
  ideaSetsPageQuerySchema,
  savePendingIdeasRequestSchema,
  saveIdeaSetRequestSchema,
} from '../../../../../application/contracts/ideas';
import { releaseIdeaSetSave, reserveIdeaSetSave } from '../../../../../application/ideas/idea-set-saves';
import type { AllPosition } from '../../../../../application/ports/event-store';
import { claimTrialResult, findTrialResult, releaseTrialResult, type TrialResultKey } from '../../../../../application/ideas/trial-results';
import { DomainError } from '../../../../../domain/shared/domain-error';
import { findIdeaSetOf, pageIdeaSetsOf, type IdeaSetPosition } from '../../../../../projections/idea-sets/idea-sets-projection';
import { awaitProjections } from '../../../read-your-writes';
import { apiRoutes, type AppServices } from '../../../services';
import { trialBrowserOf } from '../ideas/generate-ideas-routes';

/** Most JSON one page of GET /api/idea-sets carries (one set alone may be larger: about 170 KB at most). */
export const PAGE_BYTES = 256 * 1024;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

const InvalidCursor = () => new DomainError('invalid_cursor', 'invalid');
const TrialTokenMissing = () => new DomainError('trial_token_missing', 'invalid');

const encodeCursor = (position: IdeaSetPosition) => Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
function decodeCursor(cursor: string): IdeaSetPosition {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(createdAt)) && id.length <= 100) {
      return { createdAt, id };
    }
  } catch {
    // falls through
  }
  throw InvalidCursor();
}

/** The signed-in member's idea sets: only ever their own. */
export function ideaSetsRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { ideaSets, progress, clock } = services;
  const db = services.database.db;

  /** 201 with the set once the member's read models show it (202 if they are slow). */
  async function answer(reply: FastifyReply, userId: string, ideaSetId: string, position: AllPosition | null) {
    if (position && !(await awaitProjections(progress, position, reply))) return reply;
    return reply.status(201).send(await findIdeaSetOf(db, userId, ideaSetId));
  }

  return async (app) => {
    app.get(
      '/idea-sets',
      {
        config: { cachedPerMember: true },
        schema: {
          operationId: 'listIdeaSets',
          tags: ['ideas'],
          summary: "The signed-in member's idea sets, newest first, one page at a time",
          description:
            `At most \`limit\` sets (default ${IDEA_SETS_PAGE_DEFAULT}) and about 256 KB. When there are more, the ` +
            '`x-next-cursor` response header holds the `cursor` of the next page.',
          querystring: ideaSetsPageQuerySchema,
          response: { 200: z.array(ideaSetSchema), ...errors },
        },
      },
      async (request, reply) => {
        const limit = request.query.limit ? Number(request.query.limit) : IDEA_SETS_PAGE_DEFAULT;
        const after = request.query.cursor ? decodeCursor(request.query.cursor) : undefined;
        const page = await pageIdeaSetsOf(db, request.user!.id, { limit, after });
        // A page also stops at about PAGE_BYTES of JSON (always at least one set), so it never runs to megabytes.
        const shown: IdeaSet[] = [];
        let bytes = 0;
        for (const { set } of page.sets) {
          bytes += Buffer.byteLength(JSON.stringify(set));
          if (shown.length > 0 && bytes > PAGE_BYTES) break;
          shown.push(set);
        }
        if (page.more || shown.length < page.sets.length) reply.header('x-next-cursor', encodeCursor(page.sets[shown.length - 1]!.position));
        return shown;
      },
    );

    app.post(
      '/idea-sets',
      {
        schema: {
          operationId: 'saveIdeaSet',
          tags: ['ideas'],
          summary: 'Keep an idea set',
          description:
            'Costs no credit, so it is capped: 20 sets a day and 200 in all per member (429 with a message beyond). ' +
            '`personalized` is kept only for a pro member.',
          body: saveIdeaSetRequestSchema,
          response: { 201: ideaSetSchema, 202: errorResponseSchema, 429: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = request.user!;
        const { skill, categories, ideas, personalized } = request.body;
        const reservation = await reserveIdeaSetSave(db, user.id, clock.now());
        const ideaSetId = randomUUID();
        try {
          const { position } = await ideaSets.create(
            { kind: 'user', userId: user.id, role: user.role },
            { skill, categories, ideas, personalized: user.role === 'pro' && personalized === true },
            'saved',
            { requestId: request.id },
            ideaSetId,
          );
          return answer(reply, user.id, ideaSetId, position);
        } catch (error) {
          await releaseIdeaSetSave(db, reservation).catch(() => {});
          throw error;
        }
      },
    );

    app.post(
      '/idea-sets/save-pending',
      {
        schema: {
          operationId: 'savePendingIdeas',
          tags: ['ideas'],
          summary: 'Keep the trial ideas a visitor generated before signing up',
          description:
            'Send the `trialToken` of the trial stream\'s `done` message: the server saves the ideas it generated ' +
            'under that token (kept 24 hours, saved once; a retry by the same member answers the same set). ' +
            'Without the token, the body of spec §7 (`skill`, `categories`, `ideas`) names, by its skill and idea titles, ' +
            'a trial result of this browser (its `skilly_trial` cookie); the server still saves its own copy. ' +
            'A trial is saved only into an account created after it: 403 for an older account. ' +
            '404 when the server generated no such ideas (in this browser, without the token), they expired or were saved.',
          body: savePendingIdeasRequestSchema,
          response: { 201: ideaSetSchema, 202: errorResponseSchema, 404: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = request.user!;
        const member = { userId: user.id, accountCreatedAt: user.created_at };
        const { trialToken, skill: postedSkill, ideas: postedIdeas } = request.body;
        let key: TrialResultKey;
        if (trialToken) key = { token: trialToken };
        else if (postedSkill && postedIdeas?.length) {
          const posted = { skill: postedSkill, ideaTitles: postedIdeas.map((idea) => idea.title) };
          const found = await findTrialResult(db, posted, trialBrowserOf(request), user.id, clock.now());
          if (found.kind === 'saved-before') return answer(reply, user.id, found.ideaSetId, null);
          key = found.key;
        } else throw TrialTokenMissing();
        const claim = await claimTrialResult(db, key, member, randomUUID(), clock.now());
        if (claim.kind === 'saved-before') return answer(reply, user.id, claim.ideaSetId, null);
        const { skill, ideas } = claim.result;
        try {
          const { position } = await ideaSets.create(
            { kind: 'user', userId: user.id, role: user.role },
            { skill, categories: ideas.categories, ideas: ideas.ideas, personalized: ideas.personalized },
            'trial',
            { requestId: request.id },
            claim.ideaSetId,
          );
          return answer(reply, user.id, claim.ideaSetId, position);
        } catch (error) {
          await releaseTrialResult(db, key).catch(() => {});
          throw error;
        }
      },
    );
  };
}

export default apiRoutes(ideaSetsRoutes);
