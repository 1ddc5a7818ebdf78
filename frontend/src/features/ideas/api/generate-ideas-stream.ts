import {
  type GeneratedIdeas,
  generatedIdeasSchema,
  type GenerateIdeasRequest,
  generateIdeasRequestSchema,
  type IdeaStreamMessage,
} from '@contracts/ideas';
import { useEffect, useState } from 'react';
import { ApiError, apiStream } from '../../../lib/api-client';

export type GeneratorKind = 'openai' | 'offline';

/** `trialToken` (trials only) lets the account made after sign-up keep exactly these ideas. */
export type IdeaGenerationResult = { ideas: GeneratedIdeas; ideaSetId?: string; generator?: GeneratorKind; trialToken?: string };

/** Why a generation gave no ideas, in the terms the screen acts on (spec §8). */
export type IdeaGenerationFailure =
  | { kind: 'limit'; code: string; upgradeRequired: boolean; message?: string }
  | { kind: 'parse' }
  | { kind: 'failed'; message?: string; errorType?: string; code?: string };

export class IdeaGenerationError extends Error {
  constructor(readonly failure: IdeaGenerationFailure) {
    super(failure.kind === 'limit' ? failure.code : failure.kind);
    this.name = 'IdeaGenerationError';
  }
}

type ErrorMessage = Extract<IdeaStreamMessage, { error: string }>;

function failureFromError(message: ErrorMessage): IdeaGenerationFailure {
  if (message.limitReached) {
    return { kind: 'limit', code: message.code ?? 'idea_limit', upgradeRequired: message.upgradeRequired ?? false, message: message.error };
  }
  if (message.errorType === 'parse_error') return { kind: 'parse' };
  return { kind: 'failed', message: message.error, errorType: message.errorType, code: message.code };
}

/** A refusal before any streaming: a spent allowance (403 with limitReached), the visitors' daily trial (429), staff (403). */
function failureFromApiError(error: ApiError): IdeaGenerationFailure {
  const body = (error.body ?? {}) as { limitReached?: unknown; upgradeRequired?: unknown };
  if (body.limitReached === true) {
    return { kind: 'limit', code: error.code ?? 'idea_limit', upgradeRequired: body.upgradeRequired === true, message: error.serverMessage };
  }
  return { kind: 'failed', message: error.serverMessage, code: error.code };
}

/** Spec §7: the final text is JSON, once code fences and HTML entities are removed. */
export function parseIdeasText(text: string): GeneratedIdeas | null {
  const unfenced = text.replace(/```(?:json)?/gi, '').trim();
  const decoded = unfenced
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
  const start = decoded.indexOf('{');
  const end = decoded.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const parsed = generatedIdeasSchema.safeParse(JSON.parse(decoded.slice(start, end + 1)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Splits the body into `data: <json>` lines as they arrive (blank lines and comments skipped). */
async function* dataMessages(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const parseLine = (line: string): unknown => {
    const trimmed = line.trim();
    if (!trimmed.startsWith('data:')) return undefined;
    try {
      return JSON.parse(trimmed.slice(5).trim());
    } catch {
      return undefined;
    }
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const message = parseLine(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
        if (message !== undefined) yield message;
        newline = buffer.indexOf('\n');
      }
    }
    const last = parseLine(buffer + decoder.decode());
    if (last !== undefined) yield last;
  } finally {
    // Stopping early (the `done` message, an error) closes the connection instead of leaving it open.
    await reader.cancel().catch(() => {});
  }
}

/**
 * POST /api/generate-ideas-stream (spec §7): `onChunk` receives the text as the AI writes it;
 * resolves with the ideas of the final `done` message, or throws an IdeaGenerationError.
 */
export async function generateIdeasStream(
  request: GenerateIdeasRequest,
  { signal, onChunk, onGenerator }: { signal?: AbortSignal; onChunk: (text: string) => void; onGenerator?: (kind: GeneratorKind) => void },
): Promise<IdeaGenerationResult> {
  let body: ReadableStream<Uint8Array>;
  try {
    body = await apiStream('/api/generate-ideas-stream', {
      method: 'POST',
      body: generateIdeasRequestSchema.parse(request),
      signal,
      accept: 'text/event-stream, application/json',
    });
  } catch (error) {
    if (error instanceof ApiError) throw new IdeaGenerationError(failureFromApiError(error));
    throw error;
  }

  let text = '';
  for await (const raw of dataMessages(body)) {
    if (!raw || typeof raw !== 'object') continue;
    const message = raw as Record<string, unknown>;
    if (message.generator === 'openai' || message.generator === 'offline') onGenerator?.(message.generator);
    if (typeof message.error === 'string') throw new IdeaGenerationError(failureFromError(message as ErrorMessage));
    if (message.done === true) {
      const parsed = generatedIdeasSchema.safeParse(message.ideas);
      const ideas = parsed.success ? parsed.data : parseIdeasText(text);
      if (!ideas) throw new IdeaGenerationError({ kind: 'parse' });
      const generator = message.generator === 'openai' || message.generator === 'offline' ? message.generator : undefined;
      return {
        ideas,
        ideaSetId: typeof message.ideaSetId === 'string' ? message.ideaSetId : undefined,
        generator,
        trialToken: typeof message.trialToken === 'string' ? message.trialToken : undefined,
      };
    }
    if (typeof message.content === 'string') {
      text += message.content;
      onChunk(message.content);
    }
  }
  throw new IdeaGenerationError({ kind: 'failed' });
}

export type IdeaGenerationState =
  | { status: 'streaming'; text: string; generator?: GeneratorKind }
  | { status: 'done'; text: string; generator?: GeneratorKind; result: IdeaGenerationResult }
  | { status: 'failed'; text: string; generator?: GeneratorKind; failure: IdeaGenerationFailure };

/** One generation, shared by whoever renders it; it outlives a remount (React's StrictMode) but not the page. */
class GenerationRun {
  state: IdeaGenerationState = { status: 'streaming', text: '' };
  /** Set by the screen once it has acted on the outcome (navigation, toast), so it acts once. */
  handled = false;
  private readonly listeners = new Set<(state: IdeaGenerationState) => void>();
  private readonly controller = new AbortController();

  constructor(request: GenerateIdeasRequest, onSuccess: (result: IdeaGenerationResult) => void | Promise<void>) {
    generateIdeasStream(request, {
      signal: this.controller.signal,
      onChunk: (chunk) => this.set({ ...this.state, text: this.state.text + chunk }),
      onGenerator: (generator) => this.set({ ...this.state, generator }),
    }).then(
      async (result) => {
        try {
          await onSuccess(result);
        } catch {
          // Keeping the ideas is best effort here; the screen still shows where they went.
        }
        this.set({ status: 'done', text: this.state.text, generator: result.generator ?? this.state.generator, result });
      },
      (error: unknown) => {
        if (this.controller.signal.aborted) return;
        const failure: IdeaGenerationFailure = error instanceof IdeaGenerationError ? error.failure : { kind: 'failed' };
        this.set({ status: 'failed', text: this.state.text, generator: this.state.generator, failure });
      },
    );
  }

  private set(state: IdeaGenerationState) {
    this.state = state;
    this.listeners.forEach((listener) => listener(state));
  }

  subscribe(listener: (state: IdeaGenerationState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get watched() {
    return this.listeners.size > 0;
  }

  abort() {
    this.controller.abort();
  }
}

const runs = new Map<string, GenerationRun>();

/**
 * Starts the generation for `runKey` (one per visit of /generating) and follows it. Leaving the page
 * aborts it; a remount of the same visit keeps following the same request instead of paying twice.
 */
export function useIdeaGeneration(
  runKey: string,
  request: GenerateIdeasRequest | null,
  onSuccess: (result: IdeaGenerationResult) => void | Promise<void>,
): { state: IdeaGenerationState | null; run: { handled: boolean } | null } {
  const [state, setState] = useState<IdeaGenerationState | null>(null);
  const [run, setRun] = useState<GenerationRun | null>(null);

  useEffect(() => {
    if (!request) return;
    let current = runs.get(runKey);
    if (!current) {
      current = new GenerationRun(request, onSuccess);
      runs.set(runKey, current);
    }
    const followed = current;
    setRun(followed);
    setState(followed.state);
    const unsubscribe = followed.subscribe(setState);
    return () => {
      unsubscribe();
      // A StrictMode remount subscribes again before this runs.
      setTimeout(() => {
        if (followed.watched) return;
        followed.abort();
        runs.delete(runKey);
      }, 0);
    };
    // The request is read from the visit's query: the key identifies it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runKey]);

  return { state, run };
}
