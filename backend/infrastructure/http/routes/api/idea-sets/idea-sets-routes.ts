import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import { ideaSetSchema, saveIdeaSetRequestSchema } from '../../../../../application/contracts/ideas';
import type { IdeaSetSource } from '../../../../../domain/ideas/idea-set';
import { findIdeaSetOf, listIdeaSetsOf } from '../../../../../projections/idea-sets/idea-sets-projection';
import { requireRole } from '../../../plugins/sessions';
import { awaitProjections } from '../../../read-your-writes';
import type { AppServices } from '../../../services';

type SaveIdeaSetRequest = z.infer<typeof saveIdeaSetRequestSchema>;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The signed-in member's idea sets: only ever their own. */
export function ideaSetsRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { ideaSets, progress } = services;
  const db = services.database.db;

  async function keep(request: FastifyRequest, body: SaveIdeaSetRequest, reply: FastifyReply, source: IdeaSetSource) {
    const user = request.user!;
    const { skill, categories, ideas, personalized } = body;
    const { ideaSetId, position } = await ideaSets.create(
      { kind: 'user', userId: user.id, role: user.role },
      // Trial ideas are never personalized; a saved set may say so only for a pro member.
      { skill, categories, ideas, personalized: source === 'saved' && user.role === 'pro' && personalized === true },
      source,
      { requestId: request.id },
    );
    if (!(await awaitProjections(progress, position, reply))) return reply;
    return reply.status(201).send(await findIdeaSetOf(db, user.id, ideaSetId));
  }

  return async (app) => {
    app.get(
      '/idea-sets',
      {
        preHandler: requireRole('free', 'pro'),
        schema: {
          tags: ['ideas'],
          summary: "The signed-in member's idea sets, newest first",
          response: { 200: z.array(ideaSetSchema), 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => listIdeaSetsOf(db, request.user!.id),
    );

    app.post(
      '/idea-sets',
      {
        preHandler: requireRole('free', 'pro'),
        schema: {
          tags: ['ideas'],
          summary: 'Keep an idea set',
          description: 'Costs no credit. `personalized` is kept only for a pro member.',
          body: saveIdeaSetRequestSchema,
          response: { 201: ideaSetSchema, 202: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => keep(request, request.body, reply, 'saved'),
    );

    app.post(
      '/idea-sets/save-pending',
      {
        preHandler: requireRole('free', 'pro'),
        schema: {
          tags: ['ideas'],
          summary: "Keep the trial ideas a visitor generated before signing up",
          body: saveIdeaSetRequestSchema,
          response: { 201: ideaSetSchema, 202: errorResponseSchema, ...errors },
        },
      },
      async (request, reply) => keep(request, request.body, reply, 'trial'),
    );
  };
}
