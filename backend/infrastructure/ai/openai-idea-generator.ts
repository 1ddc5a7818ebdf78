import OpenAI, { APIConnectionTimeoutError, APIError, OpenAIError, RateLimitError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import {
  AiGenerationError,
  type AiUsage,
  type IdeaGenerator,
  type IdeaPromptInput,
} from '../../application/ports/idea-generator';

export const timeoutMessage = 'Request timed out. Please try again.';
export const rateLimitMessage = 'Too many requests. Please wait a moment before trying again.';
export const unavailableMessage = 'Failed to generate ideas. Please try again.';

export interface OpenAiIdeaGeneratorOptions {
  apiKey: string;
  /** Any server that speaks OpenAI's chat completions (OPENAI_BASE_URL). */
  baseURL?: string;
  /**
   * How long to wait for the answer to start, and then for each next streamed chunk (default
   * 60 s). An idle limit rather than a total one: a long answer that keeps streaming is fine.
   */
  timeoutMs?: number;
  /** SDK retries on connection errors, 429 and 5xx before anything streamed (default 0). */
  maxRetries?: number;
  /** Where failures are described for operators (no prompt text, no key). */
  log?: (message: string) => void;
}

/** Whole tokens, estimated from characters when the server reports no usage. */
export const estimateTokens = (chars: number) => Math.ceil(chars / 4);

export function costUsd(inputTokens: number, outputTokens: number, input: Pick<IdeaPromptInput, 'inputTokenCostPer1M' | 'outputTokenCostPer1M'>): number {
  const cost = (inputTokens * input.inputTokenCostPer1M + outputTokens * input.outputTokenCostPer1M) / 1e6;
  return Math.round(cost * 1e10) / 1e10;
}

/** The caller's own abort: rethrown as the signal's reason (an `AbortError`), not as a failure. */
function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The generation was aborted', 'AbortError');
}

/** Streams idea generations from OpenAI (or a compatible server) through the official SDK. */
export class OpenAiIdeaGenerator implements IdeaGenerator {
  readonly kind = 'openai' as const;
  private readonly client: OpenAI;
  private readonly timeoutMs: number;
  private readonly log: (message: string) => void;

  constructor(options: OpenAiIdeaGeneratorOptions) {
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.log = options.log ?? (() => {});
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      timeout: this.timeoutMs,
      maxRetries: options.maxRetries ?? 0,
    });
  }

  async generateIdeas(
    input: IdeaPromptInput,
    onChunk: (text: string) => void,
    signal?: AbortSignal,
  ): Promise<{ text: string; usage: AiUsage }> {
    if (signal?.aborted) throw abortReason(signal);

    const controller = new AbortController();
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const armTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, this.timeoutMs);
    };
    const onCallerAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onCallerAbort, { once: true });

    const messages: ChatCompletionMessageParam[] = [];
    if (input.systemPrompt.trim() !== '') messages.push({ role: 'system', content: input.systemPrompt });
    messages.push({ role: 'user', content: input.userPrompt });

    let text = '';
    let reported: { prompt_tokens: number; completion_tokens: number } | undefined;
    let callbackFailure: { error: unknown } | undefined;
    armTimer();
    try {
      const stream = await this.client.chat.completions.create(
        {
          model: input.model,
          temperature: input.temperature,
          max_tokens: input.maxTokens,
          stream: true,
          stream_options: { include_usage: true },
          messages,
        },
        { signal: controller.signal },
      );
      for await (const chunk of stream) {
        armTimer();
        if (chunk.usage) reported = chunk.usage;
        const delta = chunk.choices[0]?.delta?.content;
        if (!delta) continue;
        text += delta;
        try {
          onChunk(delta);
        } catch (error) {
          callbackFailure = { error };
          controller.abort();
          break;
        }
      }
    } catch (error) {
      if (callbackFailure) throw callbackFailure.error;
      throw this.mapError(error, timedOut, signal);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
    if (callbackFailure) throw callbackFailure.error;
    // The SDK ends the iteration quietly when the request is aborted mid-stream.
    if (timedOut) {
      this.log('openai: the stream stalled longer than the timeout');
      throw new AiGenerationError('timeout', timeoutMessage);
    }
    if (signal?.aborted) throw abortReason(signal);

    const inputTokens = reported?.prompt_tokens ?? estimateTokens(input.systemPrompt.length + input.userPrompt.length);
    const outputTokens = reported?.completion_tokens ?? estimateTokens(text.length);
    return {
      text,
      usage: {
        model: input.model,
        inputTokens,
        outputTokens,
        costUsd: costUsd(inputTokens, outputTokens, input),
      },
    };
  }

  private mapError(error: unknown, timedOut: boolean, signal: AbortSignal | undefined): unknown {
    if (error instanceof AiGenerationError) return error;
    if (timedOut || error instanceof APIConnectionTimeoutError) {
      this.log('openai: request timed out');
      return new AiGenerationError('timeout', timeoutMessage);
    }
    if (signal?.aborted) return abortReason(signal);
    const status = error instanceof APIError ? error.status : undefined;
    const code = error instanceof APIError ? error.code : undefined;
    if (error instanceof RateLimitError || status === 429 || code === 'rate_limit_exceeded') {
      this.log('openai: rate limited (429)');
      return new AiGenerationError('rate_limit', rateLimitMessage);
    }
    const detail = error instanceof OpenAIError || error instanceof Error ? error.message : String(error);
    this.log(`openai: generation failed${status ? ` with HTTP ${status}` : ''}: ${detail}`);
    return new AiGenerationError('unavailable', unavailableMessage);
  }
}
