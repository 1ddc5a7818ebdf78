import {
  type GeneratedIdeas,
  type GenerateIdeasRequest,
  generateIdeasRequestSchema,
  type GeneratorKind,
  type IdeaStreamError,
  type IdeaStreamMessage,
  ideaStreamMessageSchema,
} from '@contracts/ideas';
import { experimental_streamedQuery as streamedQuery, queryOptions, useQuery } from '@tanstack/react-query';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { ApiError, apiStream } from '../../../lib/api-client';

export type { GeneratorKind };

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

function failureFromError(message: IdeaStreamError): IdeaGenerationFailure {
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

/**
 * POST /api/generate-ideas-stream (spec §7): the stream's messages as they arrive, each checked
 * against the shared contract. A refusal before streaming, an `error` message, a message the
 * contract does not know or a stream that ends without `done` throws an IdeaGenerationError.
 */
export async function* ideaStreamMessages(request: GenerateIdeasRequest, signal?: AbortSignal): AsyncGenerator<IdeaStreamMessage> {
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
  // The cast only widens TypeScript's view of the decoder's input (fetch bodies are plain Uint8Arrays).
  const text = body.pipeThrough(new TextDecoderStream() as ReadableWritablePair<string, Uint8Array>);
  const reader = text.pipeThrough(new EventSourceParserStream()).getReader();
  try {
    for (;;) {
      const { value: event, done } = await reader.read();
      if (done) break;
      let json: unknown;
      try {
        json = JSON.parse(event.data);
      } catch {
        throw new IdeaGenerationError({ kind: 'parse' });
      }
      const parsed = ideaStreamMessageSchema.safeParse(json);
      if (!parsed.success) throw new IdeaGenerationError({ kind: 'parse' });
      const message = parsed.data;
      if ('error' in message) throw new IdeaGenerationError(failureFromError(message));
      yield message;
      if ('done' in message) return;
    }
  } finally {
    // Stopping early (the `done` message, an error, leaving the page) closes the connection.
    await reader.cancel().catch(() => {});
  }
  throw new IdeaGenerationError({ kind: 'failed' });
}

/** What the generating screen shows: the text so far, who writes it, and the ideas once `done` arrives. */
export type IdeaStreamState = { text: string; generator?: GeneratorKind; result?: IdeaGenerationResult };

const initialStreamState: IdeaStreamState = { text: '' };

export function reduceIdeaStream(state: IdeaStreamState, message: IdeaStreamMessage): IdeaStreamState {
  if ('content' in message) return { ...state, text: state.text + message.content, generator: message.generator ?? state.generator };
  if ('done' in message) {
    const { ideas, ideaSetId, generator, trialToken } = message;
    return { ...state, generator, result: { ideas, ideaSetId, generator, trialToken } };
  }
  return state;
}

/** One generation per visit of /generating (the router's location key). Exported for invalidation rules elsewhere. */
export const ideaStreamQueryKey = (runKey: string) => ['ideas', 'generation', runKey] as const;

/**
 * The stream as a query (TanStack Query's streamedQuery): `data` grows with each message, `error`
 * is the IdeaGenerationError, and `fetchStatus` stays `fetching` until the stream ends. A
 * generation spends a credit, so it is never refetched or retried; it is fetched once per key.
 */
export const ideaStreamQueryOptions = (runKey: string, request: GenerateIdeasRequest | null) =>
  queryOptions<IdeaStreamState, Error, IdeaStreamState, ReturnType<typeof ideaStreamQueryKey>>({
    queryKey: ideaStreamQueryKey(runKey),
    queryFn: streamedQuery({
      // Reading the signal lets leaving the page (the last observer gone) abort the request.
      streamFn: (context) => ideaStreamMessages(request!, context.signal),
      reducer: reduceIdeaStream,
      initialValue: initialStreamState,
    }),
    enabled: request !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    retryOnMount: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** The generation of this visit, started on first use and followed by whoever renders it. */
export function useIdeaStream(runKey: string, request: GenerateIdeasRequest | null) {
  const query = useQuery(ideaStreamQueryOptions(runKey, request));
  const state = query.data ?? initialStreamState;
  const failure: IdeaGenerationFailure | undefined = query.error
    ? query.error instanceof IdeaGenerationError
      ? query.error.failure
      : { kind: 'failed' }
    : undefined;
  // The stream ends right after `done`; until then a result is not final.
  const result = query.fetchStatus === 'idle' && !failure ? state.result : undefined;
  return { text: state.text, generator: state.generator, result, failure };
}
