import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { comparePositions, startOfAll } from '../../../../../application/ports/event-store';
import { readAllCheckpoints } from '../../../../../projections/runner/checkpoints';
import { apiRoutes, type AppServices } from '../../../services';

const readySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'unreachable']),
  projections: z.record(z.string(), z.enum(['caught_up', 'behind'])),
});

export function healthRoutes(services: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { operationId: 'getHealth', tags: ['operations'], summary: 'The process is alive', response: { 200: z.object({ status: z.literal('ok') }) } } },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/ready',
      {
        schema: {
          operationId: 'getReadiness',
          tags: ['operations'],
          summary: 'The database answers and every projection has caught up',
          response: { 200: readySchema, 503: readySchema },
        },
      },
      async (_request, reply) => {
        const db = services.database.db;
        try {
          await sql`select 1`.execute(db);
        } catch {
          return reply.status(503).send({ status: 'not_ready', database: 'unreachable', projections: {} });
        }
        const head = (await services.eventStore.headPosition()) ?? startOfAll;
        const checkpoints = await readAllCheckpoints(db);
        const projections = Object.fromEntries(
          services.runner.projections.map((p) => [
            p.name,
            comparePositions(checkpoints.get(p.name) ?? startOfAll, head) >= 0 ? ('caught_up' as const) : ('behind' as const),
          ]),
        );
        const ready = Object.values(projections).every((s) => s === 'caught_up');
        return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', database: 'ok', projections });
      },
    );
  };
}

export default apiRoutes(healthRoutes);
