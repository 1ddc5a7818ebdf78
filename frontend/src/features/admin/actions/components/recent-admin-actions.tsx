import './recent-admin-actions.css';
import { Button, Classes, HTMLTable, NonIdealState } from '@blueprintjs/core';
import type { AdminActionDto } from '@contracts/admin-actions';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { errorMessage } from '../../../../lib/api-client';
import { useAdminActions, useUndoAdminAction } from '../api/admin-actions';

/** "22 Nov 2026, 10:00" (en-GB), or the text as given when it is not a date. */
function timeText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** Where an action stands: "Undo" while it can be undone, who undid it and when, or too old to undo. */
function UndoCell({ action, undoing, onUndo }: { action: AdminActionDto; undoing: boolean; onUndo: () => void }) {
  if (action.canUndo) return <Button size="small" icon="undo" text="Undo" loading={undoing} onClick={onUndo} />;
  if (action.undoneAt !== null)
    return (
      <span className="muted" data-testid="admin-action-undone">
        Undone{action.undoneByName ? ` by ${action.undoneByName}` : ''} on <time dateTime={action.undoneAt}>{timeText(action.undoneAt)}</time>
      </span>
    );
  return <span className="muted">Can no longer be undone</span>;
}

/**
 * Issue 53: the newest destructive admin actions (reset data, the cleanup, role changes, disables,
 * deleted FAQs, posts and platforms): when, by whom and what, each with its Undo for 30 days.
 * Undo asks no confirmation (it puts back what was there); the list refreshes after it.
 */
export function RecentAdminActions() {
  const actions = useAdminActions();
  const undo = useUndoAdminAction();

  let body;
  if (actions.isPending) body = <div className={`${Classes.SKELETON} recent-admin-actions-skeleton`} data-testid="admin-actions-loading" />;
  else if (actions.isError)
    body = (
      <LoadFailure
        title="Failed to load the recent admin actions"
        description={errorMessage(actions.error, 'Failed to load the recent admin actions')}
        query={actions}
        primary={false}
      />
    );
  else if (actions.data.length === 0) body = <NonIdealState icon="history" title="No admin actions yet" />;
  else
    body = (
      <div className="recent-admin-actions-scroll">
        <HTMLTable compact striped className="recent-admin-actions-table" aria-labelledby="recent-admin-actions-title">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">By</th>
              <th scope="col">What</th>
              <th scope="col">Undo</th>
            </tr>
          </thead>
          <tbody>
            {actions.data.map((action) => (
              <tr key={action.id} data-testid="admin-action" data-action-id={action.id}>
                <td className="recent-admin-actions-when">
                  <time dateTime={action.takenAt}>{timeText(action.takenAt)}</time>
                </td>
                <td>{action.adminName}</td>
                <td>{action.summary}</td>
                <td>
                  <UndoCell action={action} undoing={undo.isPending && undo.variables === action.id} onUndo={() => undo.mutate(action.id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    );

  return (
    <section className="recent-admin-actions" aria-labelledby="recent-admin-actions-title">
      <h3 id="recent-admin-actions-title">Recent admin actions</h3>
      {body}
    </section>
  );
}
