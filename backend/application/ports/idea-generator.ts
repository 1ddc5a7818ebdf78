import type { GenerateIdeasRequest } from '../contracts/ideas';

export type AiErrorType = 'timeout' | 'rate_limit' | 'parse_error' | 'validation_error' | 'unavailable';

/** A generation failed in a way the member can be told about (member-product §8). */
export class AiGenerationError extends Error {
  constructor(
    readonly type: AiErrorType,
    message: string,
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
  ): Promise<{ text: string; usage: AiUsage }>;
}
