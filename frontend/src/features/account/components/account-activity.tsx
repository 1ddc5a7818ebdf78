import { Button, Callout, Classes } from '@blueprintjs/core';
import { errorMessage } from '../../../lib/api-client';
import { useAccountActivity } from '../api/get-account-activity';

/** "28 November 2026, 14:05" in the reader's time zone. */
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * Issue 52: what happened to the member's account, newest first, 20 lines at a time ("Show
 * older"): each with when, who did it and why, as the server words it.
 */
export function AccountActivity() {
  const activity = useAccountActivity();
  if (activity.isPending) {
    return (
      <div aria-busy="true" data-testid="account-activity-loading">
        {[1, 2, 3].map((line) => (
          <div key={line} className={`${Classes.SKELETON} profile-skeleton-line`} />
        ))}
      </div>
    );
  }
  if (activity.isError) {
    return (
      <Callout intent="danger" icon="error" title="Failed to load your account activity">
        <p>{errorMessage(activity.error, 'Please try again.')}</p>
        <Button icon="refresh" text="Retry" loading={activity.isFetching} onClick={() => void activity.refetch()} />
      </Callout>
    );
  }
  const entries = activity.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className="muted">Nothing has happened to your account yet.</p>;
  return (
    <>
      <ol className="account-activity" aria-label="Account activity, newest first">
        {entries.map((entry) => (
          <li key={entry.id} className="account-activity-entry">
            <div className="account-activity-summary">{entry.summary}</div>
            <div className="account-activity-meta muted">
              <time dateTime={entry.at}>{when(entry.at)}</time> · by {entry.by}
            </div>
            {entry.reason ? <div className="account-activity-reason">Reason: {entry.reason}</div> : null}
          </li>
        ))}
      </ol>
      {activity.hasNextPage ? (
        <Button
          icon="history"
          text="Show older"
          loading={activity.isFetchingNextPage}
          onClick={() => void activity.fetchNextPage()}
        />
      ) : null}
      {activity.isFetchNextPageError ? (
        <Callout intent="danger" icon="error" className="account-activity-more-error">
          Older activity could not be loaded. Please try again.
        </Callout>
      ) : null}
    </>
  );
}
