import type { GenerateIdeasRequest } from '../contracts/ideas';

export type AiErrorType = 'timeout' | 'rate_limit' | 'parse_error' | 'validation_error' | 'unavailable';

/** What is known about a failed call besides its type: for the AI-call event and the logs. */
export interface AiFailureDetail {
  /** Tokens the call cost before it failed (an answer cut at the limit still costs). */
  usage?: AiUsage;
  /** The provider's `finish_reason` when the answer ended (`length`: cut at the token limit). */
  finishReason?: string | null;
  /** The answer text, when it arrived but cannot be used. */
  text?: string;
}

/** A generation failed in a way the member can be told about (member-product §8). */
export class AiGenerationError extends Error {
  constructor(
    readonly type: AiErrorType,
    message: string,
    readonly detail: AiFailureDetail = {},
  ) {
    super(message);
    this.name = 'AiGenerationError';
  }
}

export interface AiUsage {
  model: string;
  inputTokens: number;
  outputTokens: number;
  /** Cost in US dollars, from the configured per-million-token prices. */
  costUsd: number;
  /** True when the server reported no usage and the tokens were counted with the tokenizer. */
  estimated?: boolean;
}

export interface IdeaPromptInput {
  /** The full prompt text, built from the admin's prompt and builder settings. */
  systemPrompt: string;
  userPrompt: string;
  model: string;
  temperature: number;
  maxTokens: number;
  inputTokenCostPer1M: number;
  outputTokenCostPer1M: number;
  /** What the member asked for (the offline generator builds from it directly). */
  request: GenerateIdeasRequest;
  /** Category keys and labels from the prompt builder, and how many ideas per category. */
  categories: { key: string; label: string; keywords: string[] }[];
  ideasPerCategory: number;
  personalized: boolean;
  /** The JSON schema of the answer, for providers that take `response_format` json_schema. */
  answerSchema?: { name: string; schema: Record<string, unknown> };
}

/**
 * Streams the text of an idea generation. `onChunk` receives text as it arrives; the
 * resolved `text` is everything, to be parsed by the application.
 */
export interface IdeaGenerator {
  readonly kind: 'openai' | 'offline';
  generateIdeas(
    input: IdeaPromptInput,
    onChunk: (text: string) => void,
    signal?: AbortSignal,
  ): Promise<GeneratedText>;
}

export interface GeneratedText {
  text: string;
  usage: AiUsage;
  /** Why the answer ended, as the provider said (`stop`, `length`, …); null when it did not say. */
  finishReason?: string | null;
}
