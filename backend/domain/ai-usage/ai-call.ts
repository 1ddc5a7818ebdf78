import type { Command, Decider } from '../shared/decider';
import { DomainError, assertNever } from '../shared/domain-error';
import { defineStream } from '../shared/stream';

/**
 * One call to an AI model, for cost and usage statistics. Each call is its own stream, so
 * recording never contends with another call (an append to one shared stream per member or
 * per day would serialise every generation behind it).
 */
export const aiCallStreams = defineStream('ai-call');
export const AI_CALL_STREAM_PREFIX = aiCallStreams.prefix;

export type AiCallKind = 'ideas' | 'plan' | 'milestone' | 'help';
/** Who asked: a visitor's trial, or a member with the tier they had. */
export type AiCallAudience = 'visitor' | 'free' | 'pro';

type AiCallData = {
  callId: string;
  kind: AiCallKind;
  /** Which adapter answered: the OpenAI-compatible server or the built-in offline generator. */
  generator: 'openai' | 'offline';
  model: string;
  inputTokens: number;
  outputTokens: number;
  /** US dollars, from the configured prices per million tokens. */
  costUsd: number;
  /** The member who asked; null for a visitor. */
  userId: string | null;
  audience: AiCallAudience;
  outcome: 'succeeded' | 'failed';
  /** Why it failed (timeout, rate_limit, parse_error, validation_error, unavailable); null on success. */
  errorType: string | null;
  /**
   * Why the answer ended, as the provider said: `stop`, `length` (cut at the token limit, so the
   * admin statistics can count "cut by token limit"), …; null when it did not say. Since v2.
   */
  finishReason?: string | null;
  /** True when the provider sent no usage and the tokens were counted with the tokenizer. Since v2. */
  usageEstimated?: boolean;
  /** The AI configuration version the call was made with (0: the built-in defaults); null before v3. */
  configVersion?: number | null;
};

export type AiCallRecorded = { type: 'AiCallRecorded'; data: AiCallData };
export type AiCallEvent = AiCallRecorded;

export type RecordAiCall = Command<'RecordAiCall', AiCallData>;
export type AiCallCommand = RecordAiCall;

export type AiCallState = { status: 'none' } | { status: 'recorded' };

export const InvalidUsage = () => new DomainError('invalid_usage', 'invalid');

const isCount = (n: number) => Number.isInteger(n) && n >= 0;

/** Records the call once (recording it again, a retry, records nothing); usage is never negative. */
function record(command: RecordAiCall, state: AiCallState): AiCallEvent[] {
  if (state.status === 'recorded') return [];
  const { inputTokens, outputTokens, costUsd, finishReason = null, usageEstimated = false, configVersion = null } = command.data;
  if (!isCount(inputTokens) || !isCount(outputTokens) || !(Number.isFinite(costUsd) && costUsd >= 0)) throw InvalidUsage();
  return [{ type: 'AiCallRecorded', data: { ...command.data, finishReason, usageEstimated, configVersion } }];
}

export function decideAiCall(command: AiCallCommand, state: AiCallState): AiCallEvent[] {
  switch (command.type) {
    case 'RecordAiCall':
      return record(command, state);
    default:
      return assertNever(command.type);
  }
}

export function evolveAiCall(_state: AiCallState, event: AiCallEvent): AiCallState {
  switch (event.type) {
    case 'AiCallRecorded':
      return { status: 'recorded' };
    default:
      return assertNever(event.type);
  }
}

export const aiCallDecider: Decider<AiCallCommand, AiCallEvent, AiCallState> = {
  initialState: { status: 'none' },
  decide: decideAiCall,
  evolve: evolveAiCall,
  schemaVersions: { AiCallRecorded: 3 },
};
