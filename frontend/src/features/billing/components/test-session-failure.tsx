import { Button, Callout } from '@blueprintjs/core';
import { ApiError, errorMessage } from '../../../lib/api-client';

/**
 * A TEST session that could not be read: an unknown id or another member's session is a 404
 * ("This checkout session was not found"); anything else says the server's reason, with Retry.
 */
export function TestSessionFailure({ error, notFound, fallback, onRetry }: { error: unknown; notFound: string; fallback: string; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404) {
    return <Callout intent="danger" icon="error" title={notFound} role="alert" />;
  }
  return (
    <Callout intent="danger" icon="error" title={fallback} role="alert">
      <p>{errorMessage(error, fallback)}</p>
      <Button icon="refresh" text="Retry" onClick={onRetry} />
    </Callout>
  );
}

/** A TEST action the server refused: its reason, or the action's own words. */
export function ActionFailure({ error, fallback }: { error: unknown; fallback: string }) {
  return <Callout intent="danger" icon="error" title={errorMessage(error, fallback)} role="alert" />;
}
