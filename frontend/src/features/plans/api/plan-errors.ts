import { planErrorResponseSchema } from '@contracts/plans';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';

export type PlanErrorBody = z.infer<typeof planErrorResponseSchema>;

/** The §8 error body of a plan call, when the failure is an answer from the server that carries one. */
export function planErrorBody(error: unknown): PlanErrorBody | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const parsed = planErrorResponseSchema.safeParse(error.body);
  return parsed.success ? parsed.data : undefined;
}

/** A spent allowance (spec §8): what the limit banner shows. */
export type PlanLimit = { message: string; upgradeRequired: boolean };

export function planLimitOf(error: unknown, fallback: string): PlanLimit | undefined {
  const body = planErrorBody(error);
  if (!body?.limitReached) return undefined;
  return { message: body.message.trim() || fallback, upgradeRequired: body.upgradeRequired === true };
}
