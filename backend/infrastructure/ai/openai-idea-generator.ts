import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, OpenAIError } from 'openai';
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { chatMessages } from '../../application/ai/chat-messages';
import { parseErrorMessage } from '../../application/ai/parse-ideas';
import { countPromptTokens, countTokens } from '../../application/ai/tokens';
import { sleep } from './sleep';
import {
  AiGenerationError,
  type AiUsage,
  type GeneratedText,
  type IdeaGenerator,
  type IdeaPromptInput,
} from '../../application/ports/idea-generator';
import type {
  AiPrompt,
  MilestonePromptInput,
  PlanGenerator,
  PlanPromptInput,
  TaskHelpPromptInput,
} from '../../application/ports/plan-generator';
import { taskHelpFailedMessage } from '../../application/ai/plan-parse';
import { aiAnswerInvalidMessage } from '../../application/contracts/ai-failures';

export const timeoutMessage = 'Request timed out. Please try again.';
export const rateLimitMessage = 'Too many requests. Please wait a moment before trying again.';
export const unavailableMessage = 'Failed to generate ideas. Please try again.';
export const planUnavailableMessage = 'Failed to generate plan. Please try again.';

/** The member-facing messages of one kind of call (member-product §8): when it fails, and when its answer is cut. */
interface CallTexts {
  unavailable: string;
  cut: string;
}
const ideaTexts: CallTexts = { unavailable: unavailableMessage, cut: parseErrorMessage };
const planTexts: CallTexts = { unavailable: planUnavailableMessage, cut: aiAnswerInvalidMessage };
const helpTexts: CallTexts = { unavailable: taskHelpFailedMessage, cut: taskHelpFailedMessage };

/** "Too many requests. Please wait 20 seconds before trying again." when the provider said how long. */
export function rateLimitMessageFor(waitMs: number | undefined): string {
  if (waitMs === undefined) return rateLimitMessage;
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const wait = seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many requests. Please wait ${wait} before trying again.`;
}

/** Where the adapter tells operators what happened (no prompt text, no key). */
export interface AiLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface OpenAiIdeaGeneratorOptions {
  apiKey: string;
  /** Any server that speaks OpenAI's chat completions (OPENAI_BASE_URL, ending in /v1). */
  baseURL?: string;
  /**
   * How long to wait for the answer to start, and then for each next streamed chunk (default
   * 60 s). An idle limit rather than a total one: a long answer that keeps streaming is fine.
   */
  timeoutMs?: number;
  /** Retries of a failed request before anything streamed: 408, 429, 5xx, connection errors (default 2). */
  maxRetries?: number;
  /** No retry starts once its wait would end later than this after the generation began (default 30 s). */
  retryDeadlineMs?: number;
  /** First backoff when the provider gives no retry-after; doubles per retry (default 500 ms). */
  retryBaseMs?: number;
  log?: AiLog | ((message: string) => void);
}

/** What the admin health detail shows about the provider. */
export interface AiProviderStatus {
  generator: 'openai' | 'offline';
  baseURL: string | null;
  /** The start-up call to the models endpoint. */
  startupCheck: { at: string; ok: boolean; detail: string } | null;
  /** The last generation: when, whether it worked, and why not. */
  lastCall: { at: string; ok: boolean; detail: string } | null;
}

/** Whole tokens, estimated from characters (the offline generator's rough figure). */
export const estimateTokens = (chars: number) => Math.ceil(chars / 4);

export function costUsd(inputTokens: number, outputTokens: number, input: Pick<IdeaPromptInput, 'inputTokenCostPer1M' | 'outputTokenCostPer1M'>): number {
  const cost = (inputTokens * input.inputTokenCostPer1M + outputTokens * input.outputTokenCostPer1M) / 1e6;
  return Math.round(cost * 1e10) / 1e10;
}

/**
 * Provider messages can quote the key (OpenAI's 401 shows a masked part of it): anything shaped
 * like a key or a bearer token is replaced before a message reaches a log.
 */
export function redactSecrets(text: string, secrets: string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out
    .replace(/\b(?:sk|rk|pk|sess)-[A-Za-z0-9_*-]{4,}/g, '[redacted]')
    .replace(/\bBearer\s+[A-Za-z0-9_*.~+/=-]+/gi, 'Bearer [redacted]')
    .replace(/\b[A-Za-z0-9_-]{32,}\b/g, '[redacted]');
}

/** The caller's own abort: rethrown as the signal's reason (an `AbortError`), not as a failure. */
function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The generation was aborted', 'AbortError');
}


/** `retry-after-ms` (OpenAI's own), else `retry-after` in seconds or as an HTTP date. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers.get('retry-after');
  if (raw === null || raw.trim() === '') return undefined;
  const seconds = Number.parseFloat(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const retryableStatuses = new Set([408, 429, 500, 502, 503, 504]);

/** One attempt's failure, with whether any output had streamed to the member. */
class AttemptFailure {
  constructor(
    readonly error: unknown,
    readonly streamed: boolean,
    /** What the streamed part cost (counted with the tokenizer), when output had streamed. */
    readonly usage?: AiUsage,
  ) {}
}

/**
 * Streams idea generations, and generates plans, milestones and task help, from OpenAI (or a
 * compatible server) through the official SDK: one retry, timeout and usage path for every kind.
 */
export class OpenAiIdeaGenerator implements IdeaGenerator, PlanGenerator {
  readonly kind = 'openai' as const;
  private readonly client: OpenAI;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly retryDeadlineMs: number;
  private readonly retryBaseMs: number;
  private readonly log: AiLog;
  private readonly apiKey: string;
  private readonly baseURL: string;
  /** Set once a server refused `response_format` json_schema: the plain prompt from then on. */
  private structuredRefused = false;
  private startupCheck: AiProviderStatus['startupCheck'] = null;
  private lastCall: AiProviderStatus['lastCall'] = null;

  constructor(options: OpenAiIdeaGeneratorOptions) {
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxRetries = options.maxRetries ?? 2;
    this.retryDeadlineMs = options.retryDeadlineMs ?? 30_000;
    this.retryBaseMs = options.retryBaseMs ?? 500;
    const log = options.log;
    this.log = !log ? { info: () => {}, warn: () => {} } : typeof log === 'function' ? { info: log, warn: log } : log;
    this.apiKey = options.apiKey;
    this.baseURL = options.baseURL ?? 'https://api.openai.com/v1';
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      timeout: this.timeoutMs,
      // Retries are ours: only before output streamed, within the deadline, logged.
      maxRetries: 0,
    });
  }

  status(): AiProviderStatus {
    return { generator: 'openai', baseURL: this.baseURL, startupCheck: this.startupCheck, lastCall: this.lastCall };
  }

  private redact(text: string) {
    return redactSecrets(text, [this.apiKey]);
  }

  private noteCall(ok: boolean, detail: string) {
    this.lastCall = { at: new Date().toISOString(), ok, detail: this.redact(detail) };
  }

  /**
   * A cheap call to the models endpoint at start: a 404 usually means OPENAI_BASE_URL lacks its
   * `/v1`, a 401 a wrong key. Only logs; generation is tried either way.
   */
  async checkProvider(timeoutMs = 5_000): Promise<AiProviderStatus['startupCheck']> {
    const at = () => new Date().toISOString();
    try {
      await this.client.models.list({ timeout: timeoutMs, maxRetries: 0 });
      this.startupCheck = { at: at(), ok: true, detail: `the models endpoint of ${this.baseURL} answered` };
      this.log.info(`openai: ${this.startupCheck.detail}`);
    } catch (error) {
      const status = error instanceof APIError ? error.status : undefined;
      let detail: string;
      if (status === 404) {
        detail = `GET ${this.baseURL}/models answered 404: does OPENAI_BASE_URL end in /v1? (e.g. https://api.openai.com/v1)`;
      } else if (status === 401 || status === 403) {
        detail = `the provider refused the key (HTTP ${status}): check OPENAI_API_KEY`;
      } else {
        detail = `the models endpoint of ${this.baseURL} could not be reached${status ? ` (HTTP ${status})` : ''}: ${this.describe(error)}`;
      }
      this.startupCheck = { at: at(), ok: false, detail: this.redact(detail) };
      this.log.warn(`openai: ${this.startupCheck.detail}`);
    }
    return this.startupCheck;
  }

  async generateIdeas(input: IdeaPromptInput, onChunk: (text: string) => void, signal?: AbortSignal): Promise<GeneratedText> {
    return this.complete(input, onChunk, signal, ideaTexts);
  }

  generatePlan(input: PlanPromptInput, signal?: AbortSignal): Promise<GeneratedText> {
    return this.complete(input, () => {}, signal, planTexts);
  }

  generateMilestone(input: MilestonePromptInput, signal?: AbortSignal): Promise<GeneratedText> {
    return this.complete(input, () => {}, signal, planTexts);
  }

  generateTaskHelp(input: TaskHelpPromptInput, signal?: AbortSignal): Promise<GeneratedText> {
    return this.complete(input, () => {}, signal, helpTexts);
  }

  private async complete(input: AiPrompt, onChunk: (text: string) => void, signal: AbortSignal | undefined, texts: CallTexts): Promise<GeneratedText> {
    if (signal?.aborted) throw abortReason(signal);
    const started = Date.now();
    for (let retry = 0; ; retry++) {
      let failure: AttemptFailure;
      try {
        const result = await this.attempt(input, onChunk, signal, texts);
        this.noteCall(true, `answer of ${result.usage.outputTokens} tokens${result.usage.estimated ? ' (estimated)' : ''}`);
        return result;
      } catch (error) {
        if (!(error instanceof AttemptFailure)) {
          if (error instanceof AiGenerationError) this.noteCall(false, `${error.type}: ${error.message}`);
          throw error;
        }
        failure = error;
      }
      if (signal?.aborted) throw abortReason(signal);
      const { error, streamed } = failure;
      const status = error instanceof APIError ? error.status : undefined;
      const code = error instanceof APIError ? error.code : undefined;

      // A server that does not know `response_format` json_schema: the plain prompt, once, for good.
      if (status === 400 && !streamed && !this.structuredRefused && input.answerSchema) {
        this.structuredRefused = true;
        this.log.warn(
          `openai: the server refused response_format json_schema (HTTP 400: ${this.describe(error)}); asking with the plain prompt from now on`,
        );
        retry--;
        continue;
      }

      const wait = error instanceof APIError ? retryAfterMs(error.headers) : undefined;
      const retryable =
        !streamed &&
        !(error instanceof APIConnectionTimeoutError) &&
        code !== 'insufficient_quota' &&
        (error instanceof APIConnectionError || (status !== undefined && retryableStatuses.has(status)));
      const delay = wait ?? this.retryBaseMs * 2 ** retry;
      const what = status ? `HTTP ${status}` : error instanceof APIConnectionError ? 'a connection error' : 'an error';
      if (retryable && retry < this.maxRetries && Date.now() + delay - started <= this.retryDeadlineMs) {
        this.log.warn(
          `openai: ${what} before the answer started (${this.describe(error)}); retry ${retry + 1} of ${this.maxRetries} in ${Math.round(delay)} ms${wait !== undefined ? ' as the provider asked' : ''}`,
        );
        await sleep(delay, signal);
        if (signal?.aborted) throw abortReason(signal);
        continue;
      }
      const mapped = this.mapError(error, status, code, wait, retry, failure.usage, texts);
      this.noteCall(false, `${mapped.type}: ${status ? `HTTP ${status}: ` : ''}${this.describe(error)}`);
      throw mapped;
    }
  }

  /** One request. Resolves with the answer, or throws an `AttemptFailure` / `AiGenerationError` / abort reason. */
  private async attempt(input: AiPrompt, onChunk: (text: string) => void, signal: AbortSignal | undefined, texts: CallTexts): Promise<GeneratedText> {
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

    const messages: ChatCompletionMessageParam[] = chatMessages(input);

    const body: ChatCompletionCreateParamsStreaming = {
      model: input.model,
      temperature: input.temperature,
      max_tokens: input.maxTokens,
      stream: true,
      stream_options: { include_usage: true },
      messages,
    };
    if (input.answerSchema && !this.structuredRefused) {
      body.response_format = { type: 'json_schema', json_schema: { name: input.answerSchema.name, strict: true, schema: input.answerSchema.schema } };
    }

    let text = '';
    let streamed = false;
    let finishReason: string | null = null;
    let reported: { prompt_tokens: number; completion_tokens: number } | undefined;
    let callbackFailure: { error: unknown } | undefined;
    let notStreamed = false;
    const pass = (delta: string) => {
      text += delta;
      streamed = true;
      try {
        onChunk(delta);
      } catch (error) {
        callbackFailure = { error };
        controller.abort();
      }
    };
    armTimer();
    try {
      const { data: stream, response } = await this.client.chat.completions.create(body, { signal: controller.signal }).withResponse();
      const contentType = response.headers.get('content-type') ?? '';
      if (!contentType.includes('text/event-stream')) {
        // The server ignored `stream: true` and sent one whole completion.
        notStreamed = true;
        const raw = await response.text();
        const completion = safeJson(raw) as
          | { choices?: { message?: { content?: string | null }; finish_reason?: string | null }[]; usage?: typeof reported }
          | undefined;
        const choice = completion?.choices?.[0];
        this.log.warn(
          `openai: the server answered without streaming (content-type ${contentType || 'none'}) although stream: true was asked; using its answer as one piece`,
        );
        if (typeof choice?.message?.content === 'string') pass(choice.message.content);
        else this.log.warn(`openai: the non-streamed answer holds no message; it starts: ${JSON.stringify(this.redact(raw.slice(0, 200)))}`);
        finishReason = choice?.finish_reason ?? null;
        reported = completion?.usage;
      } else {
        for await (const chunk of stream as AsyncIterable<ChatCompletionChunk>) {
          armTimer();
          if (chunk.usage) reported = chunk.usage;
          const choice = chunk.choices[0];
          if (choice?.finish_reason) finishReason = choice.finish_reason;
          const delta = choice?.delta?.content;
          if (!delta) continue;
          pass(delta);
          if (callbackFailure) break;
        }
      }
    } catch (error) {
      if (callbackFailure) throw callbackFailure.error;
      if (signal?.aborted && !timedOut) throw abortReason(signal);
      // Output that streamed before a failure was paid for: counted, not recorded as 0.
      const spent = streamed ? this.usageOf(input, messages, text, reported) : undefined;
      if (timedOut || error instanceof APIConnectionTimeoutError) throw this.timeout(streamed, spent);
      if (error instanceof AiGenerationError) throw error;
      throw new AttemptFailure(error, streamed, spent);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
    if (callbackFailure) throw callbackFailure.error;
    // The SDK ends the iteration quietly when the request is aborted mid-stream.
    if (timedOut) throw this.timeout(streamed, this.usageOf(input, messages, text, reported));
    if (signal?.aborted) throw abortReason(signal);

    const usage = this.usageOf(input, messages, text, reported);
    if (finishReason === 'length') {
      this.log.warn(
        `openai: the answer was cut at the token limit (finish_reason "length"): max_tokens ${input.maxTokens}, ${usage.outputTokens} output tokens used${usage.estimated ? ' (estimated)' : ''}; raise the token limit or ask for fewer or shorter ideas`,
      );
      throw new AiGenerationError('parse_error', texts.cut, { usage, finishReason, text });
    }
    if (!notStreamed && finishReason === null && text !== '' && !reported) {
      this.log.warn('openai: the stream ended without a finish_reason or usage (the connection was cut?)');
    }
    return { text, usage, finishReason };
  }

  private usageOf(
    input: AiPrompt,
    messages: ChatCompletionMessageParam[],
    text: string,
    reported: { prompt_tokens: number; completion_tokens: number } | undefined,
  ): AiUsage {
    if (reported) {
      return {
        model: input.model,
        inputTokens: reported.prompt_tokens,
        outputTokens: reported.completion_tokens,
        costUsd: costUsd(reported.prompt_tokens, reported.completion_tokens, input),
      };
    }
    // No usage chunk (a server without include_usage, or a cut connection): count ourselves.
    const inputTokens = countPromptTokens(messages.map((m) => ({ content: String(m.content ?? '') })), input.model);
    const outputTokens = countTokens(text, input.model);
    return { model: input.model, inputTokens, outputTokens, costUsd: costUsd(inputTokens, outputTokens, input), estimated: true };
  }

  private timeout(streamed: boolean, usage?: AiUsage): AiGenerationError {
    this.log.warn(
      streamed ? `openai: the stream stalled longer than the timeout (${this.timeoutMs} ms)` : `openai: no answer within the timeout (${this.timeoutMs} ms)`,
    );
    this.noteCall(false, 'timeout');
    return new AiGenerationError('timeout', timeoutMessage, { usage });
  }

  private describe(error: unknown): string {
    const message = error instanceof OpenAIError || error instanceof Error ? error.message : String(error);
    return this.redact(message);
  }

  private mapError(
    error: unknown,
    status: number | undefined,
    code: string | null | undefined,
    wait: number | undefined,
    retries: number,
    usage: AiUsage | undefined,
    texts: CallTexts,
  ): AiGenerationError {
    const after = retries > 0 ? ` after ${retries} retr${retries === 1 ? 'y' : 'ies'}` : '';
    if (status === 429 || code === 'rate_limit_exceeded' || code === 'insufficient_quota') {
      this.log.warn(`openai: rate limited (${status ? `HTTP ${status}` : code})${after}: ${this.describe(error)}${wait !== undefined ? `; the provider asked to wait ${Math.round(wait)} ms` : ''}`);
      return new AiGenerationError('rate_limit', rateLimitMessageFor(wait), { usage });
    }
    this.log.warn(`openai: generation failed${status ? ` with HTTP ${status}` : ''}${after}: ${this.describe(error)}`);
    return new AiGenerationError('unavailable', texts.unavailable, { usage });
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
