import { aiAnswerInvalidMessage } from '@contracts/ai-failures';
import { type GeneratePlanRequest, generatePlanRequestSchema, generatePlanResponseSchema } from '@contracts/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/auth/api/get-me';
import { refetchCreditQueries } from '../../../lib/query-client';
import { plansQueryKey } from './get-plans';
import { requestOnce } from './once';
import { planErrorBody } from './plan-errors';

/**
 * POST /api/plans/generate (spec §7): spends one plan credit and answers the new plan's id. The same
 * `idempotencyKey` again answers the first plan and spends nothing.
 */
export async function generatePlan({ request, idempotencyKey }: { request: GeneratePlanRequest; idempotencyKey: string }): Promise<{ planId: string }> {
  const body = await requestOnce<unknown>('/api/plans/generate', { method: 'POST', body: generatePlanRequestSchema.parse(request), idempotencyKey });
  return generatePlanResponseSchema.parse(body);
}

/** The session ended (an old tab): the screen asks to sign in instead of reporting a failure. */
export const isSignedOutError = (error: unknown) => error instanceof ApiError && error.status === 401;

/** What the generating screen does about a failed plan generation (spec §8). */
export type PlanGenerationFailure =
  | { kind: 'limit'; code: string }
  | { kind: 'failed'; title: string; description?: string; redirectAfterMs: number };

const generic = 'Failed to generate plan. Please try again.';

export function planGenerationFailure(error: unknown): PlanGenerationFailure {
  if (!(error instanceof ApiError)) {
    return { kind: 'failed', title: 'Network error. Please check your connection and try again.', redirectAfterMs: 2000 };
  }
  const body = planErrorBody(error);
  if (body?.limitReached) {
    const code = body.code && /^plan_limit(_pro)?$/.test(body.code) ? body.code : body.upgradeRequired === false ? 'plan_limit_pro' : 'plan_limit';
    return { kind: 'limit', code };
  }
  switch (body?.errorType) {
    case 'timeout':
      return { kind: 'failed', title: 'Request timed out. Please try again.', redirectAfterMs: 1500 };
    case 'rate_limit':
      return { kind: 'failed', title: 'Too many requests. Please wait a moment before trying again.', redirectAfterMs: 3000 };
    case 'parse_error':
    case 'validation_error':
      return { kind: 'failed', title: body.message.trim() || aiAnswerInvalidMessage, redirectAfterMs: 1500 };
  }
  // "Idea not found" and the like: the spec's sentence, with the server's reason under it.
  const reason = error.serverMessage;
  return { kind: 'failed', title: generic, description: reason && reason !== generic ? reason : undefined, redirectAfterMs: 1500 };
}

/** The new plan is in the member's list; their plan count and credits changed. */
export function useGeneratePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generatePlan,
    onSettled: () => {
      void refetchCreditQueries(queryClient);
      void queryClient.invalidateQueries({ queryKey: plansQueryKey });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
