import type { AiCallKind } from '../../domain/ai-usage/ai-call';
import type { Actor } from '../../domain/shared/actor';
import { recordAiCall } from '../ai-usage/ai-calls';
import { aiAnswerInvalidMessage } from '../contracts/ai-failures';
import { AiGenerationError, type AiErrorType, type AiUsage, type GeneratedText } from '../ports/idea-generator';
import type { AllPosition, EventStore } from '../ports/event-store';
import type { Clock, IdGenerator } from '../ports/system';

const unavailable = {
  timeout: 'Request timed out. Please try again.',
  rate_limit: 'Too many requests. Please wait a moment before trying again.',
};
const invalid = { parse_error: aiAnswerInvalidMessage, validation_error: aiAnswerInvalidMessage };

/** The sentences of member-product §8 for a failed AI call, by what was asked. */
const failedMessages: Record<'plan' | 'milestone' | 'help', Partial<Record<AiErrorType, string>> & { default: string }> = {
  plan: { ...unavailable, ...invalid, default: 'Failed to generate plan. Please try again.' },
  milestone: { ...unavailable, ...invalid, default: 'Failed to generate the next milestone. Please try again.' },
  help: { ...unavailable, default: 'Failed to get task help' },
};

export interface AiCallDeps {
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  generatorKind: 'openai' | 'offline';
  log: { error(obj: object, msg: string): void };
}

/**
 * One AI call for a member, as idea generation makes it: call, parse, and record the call (with
 * its usage, success or failure type) as an event whatever happened. Resolves with the parsed
 * value and the record's position; rejects with an `AiGenerationError` worded for the member
 * (any other failure becomes `unavailable`).
 */
export async function callPlanAi<T>(
  deps: AiCallDeps,
  ask: { kind: Exclude<AiCallKind, 'ideas'>; model: string; member: Extract<Actor, { kind: 'user' }>; requestId: string; configVersion?: number },
  call: () => Promise<GeneratedText>,
  parse: (text: string) => T,
): Promise<{ value: T; recorded: AllPosition | null }> {
  let usage: AiUsage | null = null;
  let finishReason: string | null = null;
  let outcome: { value: T } | { error: AiGenerationError };
  try {
    const answer = await call();
    usage = answer.usage;
    finishReason = answer.finishReason ?? null;
    outcome = { value: parse(answer.text) };
  } catch (error) {
    if (error instanceof AiGenerationError) {
      usage = error.detail.usage ?? usage;
      finishReason = error.detail.finishReason ?? finishReason;
      outcome = { error };
    } else {
      deps.log.error({ err: error }, `${ask.kind} generation failed unexpectedly`);
      outcome = { error: new AiGenerationError('unavailable', 'unavailable') };
    }
  }
  const recorded = await record(deps, ask, usage, finishReason, 'error' in outcome ? outcome.error.type : null);
  if ('error' in outcome) {
    const words = failedMessages[ask.kind];
    throw new AiGenerationError(outcome.error.type, words[outcome.error.type] ?? words.default, outcome.error.detail);
  }
  return { value: outcome.value, recorded };
}

async function record(
  deps: AiCallDeps,
  ask: { kind: Exclude<AiCallKind, 'ideas'>; model: string; member: Extract<Actor, { kind: 'user' }>; requestId: string; configVersion?: number },
  spent: AiUsage | null,
  finishReason: string | null,
  errorType: AiErrorType | null,
): Promise<AllPosition | null> {
  const usage = spent ?? { model: ask.model, inputTokens: 0, outputTokens: 0, costUsd: 0 };
  try {
    return await recordAiCall(
      deps,
      {
        kind: ask.kind,
        generator: deps.generatorKind,
        model: usage.model,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        costUsd: usage.costUsd,
        userId: ask.member.userId,
        audience: ask.member.role === 'pro' ? 'pro' : 'free',
        outcome: errorType ? 'failed' : 'succeeded',
        errorType,
        finishReason,
        usageEstimated: usage.estimated === true,
        configVersion: ask.configVersion ?? null,
      },
      { actor: ask.member, requestId: ask.requestId },
    );
  } catch (error) {
    // Usage statistics must not cost the member their plan.
    deps.log.error({ err: error }, 'could not record the AI call');
    return null;
  }
}
