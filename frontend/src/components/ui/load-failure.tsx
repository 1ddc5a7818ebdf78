import { Button, NonIdealState } from '@blueprintjs/core';

/** What a failed query offers: whether it is trying again, and a way to try again. */
export interface RetryableQuery {
  isFetching: boolean;
  refetch: () => unknown;
}

/** A list or detail that could not be loaded: what failed, an optional reason, and Retry. */
export function LoadFailure({ title, description, query, primary = true }: { title: string; description?: string; query: RetryableQuery; primary?: boolean }) {
  return (
    <NonIdealState
      className="load-error"
      icon="error"
      title={title}
      description={description}
      action={<Button intent={primary ? 'primary' : 'none'} icon="refresh" text="Retry" loading={query.isFetching} onClick={() => void query.refetch()} />}
    />
  );
}
