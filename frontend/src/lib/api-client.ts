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
};

export async function apiRequest<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    signal,
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  if (!response.ok) {
    throw new ApiError(response.status, parsed, `${response.status}: ${text || response.statusText}`);
  }
  return parsed as T;
}

/** What to tell the user: the server's message when it sent one, else the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

/** App-wide default read: GET of the query key segments joined by a slash (a 401 is an error here). */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) =>
  apiRequest(queryKey.map(String).join('/'), { signal });
