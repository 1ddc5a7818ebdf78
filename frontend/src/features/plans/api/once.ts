import { ApiError, apiRequest } from '../../../lib/api-client';

/** How long a repeat waits, at most, for the first call with its key (the server frees a stuck key after 2 minutes). */
export const FIRST_CALL_WAIT_MS = 3 * 60_000;

const stillRunning = (error: unknown) => error instanceof ApiError && error.status === 409 && error.code === 'idempotency_in_progress';

/**
 * A creating or paid call with its attempt's `Idempotency-Key`: asked again with the same key
 * (after a reload, Back and Forward), the server answers what the first call did. While that first
 * call is still running the server says so (409); this waits for it and answers its outcome.
 */
export async function requestOnce<T>(path: string, options: { method: 'POST'; body?: unknown; idempotencyKey: string }): Promise<T> {
  const deadline = Date.now() + FIRST_CALL_WAIT_MS;
  for (let wait = 500; ; wait = Math.min(wait * 2, 2000)) {
    try {
      return await apiRequest<T>(path, options);
    } catch (error) {
      if (!stillRunning(error) || Date.now() + wait > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** The call got no answer (the network failed, or the page was left or reloaded): it may or may not have run. */
export const gotNoAnswer = (error: unknown) => error instanceof TypeError || (error instanceof DOMException && error.name === 'AbortError');
