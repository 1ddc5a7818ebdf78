import { ApiError } from '../../../lib/api-client';

/** Back-office §8: an 'Error' toast's text, the screen's own words followed by the server's reason when it sent one. */
export function failure(what: string, error: unknown): string {
  const reason = error instanceof ApiError ? error.serverMessage : undefined;
  return reason ? `${what}: ${reason}` : what;
}
