import type { QueryFunction } from '@tanstack/react-query';

/** Any non-2xx answer (spec §7): the status, the parsed JSON body when there is one, "{status}: {text}". */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's `message` for the user, when the body carries one. */
  get serverMessage(): string | undefined {
    const body = this.body as { message?: unknown } | null;
    return body && typeof body.message === 'string' && body.message.trim() !== '' ? body.message : undefined;
  }

  get code(): string | undefined {
    const body = this.body as { code?: unknown } | null;
    return body && typeof body.code === 'string' ? body.code : undefined;
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  accept?: string;
  /** Sent as `Idempotency-Key`: the same key again has the first call's effect and answer only. */
  idempotencyKey?: string;
};

/** The error for a non-2xx answer: its status, its JSON body when it has one, "{status}: {text}". */
async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  return new ApiError(response.status, parseJson(text), `${response.status}: ${text || response.statusText}`);
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function send(path: string, { method = 'GET', body, signal, accept = 'application/json', idempotencyKey }: RequestOptions): Promise<Response> {
  return fetch(path, {
    method,
    credentials: 'include',
    signal,
    headers: {
      Accept: accept,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, options)).body;
}

/** As apiRequest, for the calls whose answer headers carry something too (e.g. `x-total-count` of a page). */
export async function apiRequestWithHeaders<T>(path: string, options: RequestOptions = {}): Promise<{ body: T; headers: Headers }> {
  const response = await send(path, options);
  if (!response.ok) throw await errorOf(response);
  return { body: parseJson(await response.text()) as T, headers: response.headers };
}

/**
 * POST one image as multipart/form-data, the file in the form field `field` (the admin uploads:
 * blog images, platform logos, founder pictures); answers the parsed JSON body, which the caller
 * reads with its schema. A non-2xx answer throws the same ApiError as apiRequest. The browser
 * sets the multipart Content-Type and boundary itself.
 */
export async function uploadImage(url: string, field: string, file: File): Promise<unknown> {
  const body = new FormData();
  body.append(field, file, file.name);
  const response = await fetch(url, { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' }, body });
  if (!response.ok) throw await errorOf(response);
  return parseJson(await response.text());
}

/** A call whose answer is read as it arrives (a stream); a non-2xx answer throws the same ApiError as apiRequest. */
export async function apiStream(path: string, options: RequestOptions = {}): Promise<ReadableStream<Uint8Array>> {
  const response = await send(path, options);
  if (!response.ok) throw await errorOf(response);
  if (!response.body) throw new ApiError(response.status, undefined, `${response.status}: empty response`);
  return response.body;
}

/**
 * A 202 "accepted, not readable yet" answer (the server's read models are catching up with a write).
 * Queries that can get one ask again shortly instead of failing.
 */
export class NotReadyError extends Error {
  constructor(readonly body: unknown) {
    super('The server is still updating this answer');
    this.name = 'NotReadyError';
  }
}

export function parseReady<T>(schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: Error } }, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const code = (body as { code?: unknown } | null)?.code;
  if (code === 'accepted_pending') throw new NotReadyError(body);
  throw parsed.error;
}

/**
 * A write's answer: the saved thing, or null when the server saved it but answered 202 because
 * its read models were still catching up (the change is made; a refresh shows it shortly).
 */
export function parseSaved<T>(schema: { parse: (value: unknown) => T }, body: unknown): T | null {
  if ((body as { code?: unknown } | null)?.code === 'accepted_pending') return null;
  return schema.parse(body);
}

/** Retry policy for queries that may answer 202: a few quick retries for that case only. */
export const notReadyRetry = {
  retry: (failureCount: number, error: unknown) => error instanceof NotReadyError && failureCount < 6,
  retryDelay: (attempt: number) => Math.min(250 * 2 ** attempt, 2000),
};

/** What to tell the user: the server's message when it sent one, else the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

/** App-wide default read: GET of the query key segments joined by a slash (a 401 is an error here). */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) =>
  apiRequest(queryKey.map(String).join('/'), { signal });
