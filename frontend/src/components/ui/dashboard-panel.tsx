import './dashboard-panel.css';
import { Button, Callout, Card, Classes } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A panel of the member's dashboard (member-product §2) showing a list the server polls: its
 * title with a "View all" link, then a skeleton while loading, the failure with Retry, `empty`
 * when the list is empty, or the list (`children`). The panel styles are the dashboard's
 * (`pages/user-home.css`).
 */
export function DashboardPanel<T>({
  titleId,
  title,
  viewAll,
  query,
  failedTitle,
  empty,
  children,
}: {
  titleId: string;
  title: string;
  viewAll: string;
  query: UseQueryResult<T[], unknown>;
  failedTitle: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  let body: ReactNode;
  if (query.isPending) body = <div className={`${Classes.SKELETON} dashboard-panel-skeleton`} />;
  else if (query.isError)
    body = (
      <Callout intent="danger" icon="error" title={failedTitle}>
        <Button icon="refresh" text="Retry" loading={query.isFetching} onClick={() => void query.refetch()} />
      </Callout>
    );
  else if (query.data.length === 0) body = empty;
  else body = children(query.data);

  return (
    <Card className="dashboard-panel" elevation={1} role="region" aria-labelledby={titleId}>
      <div className="dashboard-panel-header">
        <h2 id={titleId} className="dashboard-section-title">
          {title}
        </h2>
        <Link to={viewAll}>View all</Link>
      </div>
      {body}
    </Card>
  );
}
