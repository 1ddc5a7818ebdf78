import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import {
  creditStatementResponseSchema,
  creditsResponseSchema,
  forbiddenResponseSchema,
} from '../../../../../application/contracts/credits';
import { creditsView, findCreditAccount } from '../../../../../projections/credit-accounts/credit-accounts-projection';
import { readCreditStatement } from '../../../../../projections/credit-statement/credit-statement-projection';
import { actorOf, requireRole } from '../../../plugins/sessions';
import { awaitProjections } from '../../../read-your-writes';
import type { AppServices } from '../../../services';

const errors = { 202: errorResponseSchema, 401: errorResponseSchema, 403: forbiddenResponseSchema };

/** The signed-in member's credits: balances and the statement, each from its own read model. */
export function creditsRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { credits, progress } = services;
  const db = services.database.db;

  /**
   * The ledger resets lazily: before showing it, record whatever is due (its opening, a new
   * period, a change between free and pro) and wait until the read models include it.
   */
  async function bringUpToDate(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const user = request.user!;
    const outcome = await credits.sync({ userId: user.id, role: user.role }, { actor: actorOf(request), requestId: request.id });
    return awaitProjections(progress, outcome.position, reply);
  }

  const pending = (reply: FastifyReply) =>
    reply.status(202).send({ message: 'Your credits are being updated. Please refresh shortly.', code: 'accepted_pending' });

  return async (app) => {
    app.get(
      '/credits',
      {
        preHandler: requireRole('free', 'pro'),
        schema: {
          tags: ['credits'],
          summary: "The signed-in member's credits this month",
          description: 'Allowances of the tier, grants, use and balances per kind (idea, plan, milestone, help), and the reset date.',
          response: { 200: creditsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        if (!(await bringUpToDate(request, reply))) return reply;
        const row = await findCreditAccount(db, request.user!.id);
        return row ? creditsView(row) : pending(reply);
      },
    );

    app.get(
      '/credits/statement',
      {
        preHandler: requireRole('free', 'pro'),
        schema: {
          tags: ['credits'],
          summary: "The signed-in member's credit statement, newest first",
          description: 'Every opening, monthly reset, tier change, spend (naming what it paid for), refund and grant.',
          response: { 200: creditStatementResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        if (!(await bringUpToDate(request, reply))) return reply;
        return { entries: await readCreditStatement(db, request.user!.id) };
      },
    );
  };
}
