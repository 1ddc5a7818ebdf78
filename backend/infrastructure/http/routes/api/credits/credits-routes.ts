import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../../application/contracts/auth';
import {
  creditStatementResponseSchema,
  creditsResponseSchema,
  forbiddenResponseSchema,
} from '../../../../../application/contracts/credits';
import { readCreditStatement } from '../../../../../projections/credit-statement/credit-statement-projection';
import { apiRoutes, type AppServices } from '../../../services';

const errors = { 401: errorResponseSchema, 403: forbiddenResponseSchema };

/**
 * The signed-in member's credits: balances and the statement. Reads never append: the
 * balances are the ledger folded from its events with a due monthly reset or tier change
 * derived by the ledger's policy at read time (the next command records it); the statement
 * is its read model as recorded.
 */
export function creditsRoutes(services: AppServices): FastifyPluginAsyncZod {
  const { credits } = services;
  const db = services.database.db;

  return async (app) => {
    app.get(
      '/credits',
      {
        config: { cachedPerMember: true },
        schema: {
          operationId: 'getCredits',
          tags: ['credits'],
          summary: "The signed-in member's credits this month",
          description: 'Allowances of the tier, grants, use and balances per kind (idea, plan, milestone, help), and the reset date.',
          response: { 200: creditsResponseSchema, ...errors },
        },
      },
      async (request) => credits.current({ userId: request.user!.id, role: request.user!.role }),
    );

    app.get(
      '/credits/statement',
      {
        schema: {
          operationId: 'getCreditStatement',
          tags: ['credits'],
          summary: "The signed-in member's credit statement, newest first",
          description: 'Every opening, monthly reset, tier change, spend (naming what it paid for), refund and grant.',
          response: { 200: creditStatementResponseSchema, ...errors },
        },
      },
      async (request) => ({ entries: await readCreditStatement(db, request.user!.id) }),
    );
  };
}

export default apiRoutes(creditsRoutes);
