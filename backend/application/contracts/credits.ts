import { z } from 'zod';
import { errorResponseSchema } from './auth';

/** The member's credits (design §3.4, §5). Shared by the server and the React app. */

export const creditKindSchema = z.enum(['idea', 'plan', 'milestone', 'help']);
export type CreditKindName = z.infer<typeof creditKindSchema>;
export const creditTierSchema = z.enum(['free', 'pro']);

/** One number per kind of credit. */
export const creditCountsSchema = z.object({
  idea: z.number().int(),
  plan: z.number().int(),
  milestone: z.number().int(),
  help: z.number().int(),
});
export type CreditCountsDto = z.infer<typeof creditCountsSchema>;

/** GET /api/credits */
export const creditsResponseSchema = z.object({
  tier: creditTierSchema,
  /** Start of the current monthly period (ISO 8601). */
  periodStart: z.string(),
  /** When the credits reset (ISO 8601): the end of the current period. */
  creditsResetAt: z.string(),
  /** The monthly allowance of each kind for the member's tier. */
  allowances: creditCountsSchema,
  /** Extra credits granted this period (support, promotions). */
  granted: creditCountsSchema,
  /** Spent this period, refunds deducted. */
  used: creditCountsSchema,
  /** What can still be spent: allowance + granted - used, never below 0. */
  balances: creditCountsSchema,
});
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;

const paidForSchema = z.object({
  ideaSetId: z.string().optional(),
  planId: z.string().optional(),
  milestoneId: z.string().optional(),
  taskId: z.string().optional(),
});

const line = {
  /** The ledger event's id. */
  id: z.string(),
  /** When it was recorded (ISO 8601). */
  at: z.string(),
};

/** One line of GET /api/credits/statement; `amount` and `balanceAfter` are of that line's `kind`. */
export const creditStatementLineSchema = z.discriminatedUnion('type', [
  z.object({
    ...line,
    type: z.literal('opened'),
    tier: creditTierSchema,
    allowances: creditCountsSchema,
    periodStart: z.string(),
    resetAt: z.string(),
  }),
  z.object({
    ...line,
    type: z.literal('reset'),
    tier: creditTierSchema,
    allowances: creditCountsSchema,
    periodStart: z.string(),
    resetAt: z.string(),
  }),
  z.object({ ...line, type: z.literal('tier_changed'), from: creditTierSchema, to: creditTierSchema, allowances: creditCountsSchema }),
  z.object({
    ...line,
    type: z.literal('spent'),
    kind: creditKindSchema,
    amount: z.number().int(),
    balanceAfter: z.number().int(),
    consumptionId: z.string(),
    paidFor: paidForSchema,
  }),
  z.object({
    ...line,
    type: z.literal('refunded'),
    kind: creditKindSchema,
    amount: z.number().int(),
    balanceAfter: z.number().int(),
    consumptionId: z.string(),
    paidFor: paidForSchema,
    reason: z.string(),
  }),
  z.object({
    ...line,
    type: z.literal('granted'),
    kind: creditKindSchema,
    amount: z.number().int(),
    balanceAfter: z.number().int(),
    reason: z.string(),
  }),
]);
export type CreditStatementLineDto = z.infer<typeof creditStatementLineSchema>;

/** GET /api/credits/statement: newest first. */
export const creditStatementResponseSchema = z.object({ entries: z.array(creditStatementLineSchema) });
export type CreditStatementResponse = z.infer<typeof creditStatementResponseSchema>;

/**
 * A 403 body. A spent allowance carries `limitReached: true` and `upgradeRequired` (true for
 * a free member: upgrading helps; false for pro: wait for the reset), with a code such as
 * `idea_limit` or `idea_limit_pro`. A role refusal has neither.
 */
export const forbiddenResponseSchema = errorResponseSchema.extend({
  limitReached: z.boolean().optional(),
  upgradeRequired: z.boolean().optional(),
});
