import { Classes, HTMLSelect, NonIdealState, Tag } from '@blueprintjs/core';
import { type AuditKind, auditKinds } from '@contracts/admin-members';
import { useState } from 'react';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { errorMessage } from '../../../../lib/api-client';
import { useAdminUserAudit } from '../api/get-user-audit';
import { timeText } from './member-usage';

const kindLabels: Record<AuditKind, string> = {
  account: 'Account',
  role: 'Role',
  access: 'Access',
  credits: 'Credits',
  payments: 'Payments',
  content: 'Content',
};

/** Every event about the account, newest first: when, what, who (and their role), and the reason given; filtered by kind. */
export function AuditTrail({ userId }: { userId: string }) {
  const [kind, setKind] = useState<AuditKind | ''>('');
  const audit = useAdminUserAudit(userId, kind || undefined);

  let body;
  if (audit.isPending) body = <div className={`${Classes.SKELETON} user-section-skeleton`} data-testid="audit-loading" />;
  else if (audit.isError)
    body = <LoadFailure title="Failed to load the audit trail" description={errorMessage(audit.error, 'Failed to load the audit trail')} query={audit} primary={false} />;
  else if (audit.data.length === 0) body = <NonIdealState icon="history" title="Nothing recorded" />;
  else
    body = (
      <ol className="audit-list" aria-label="Audit trail">
        {audit.data.map((entry) => (
          <li key={entry.id} data-testid="audit-entry" data-type={entry.type}>
            <time dateTime={entry.at} className="muted">
              {timeText(entry.at)}
            </time>
            <div>
              <strong>{entry.summary}</strong> <Tag minimal>{kindLabels[entry.kind]}</Tag>
            </div>
            <div className="muted" data-testid="audit-actor">
              by {entry.actor.name}
              {entry.actor.role ? ` (${entry.actor.role})` : ''}
            </div>
            {entry.reason ? <div data-testid="audit-reason">Reason: {entry.reason}</div> : null}
          </li>
        ))}
      </ol>
    );

  return (
    <section aria-labelledby="user-audit-title" className="user-view-section">
      <div className="user-section-head">
        <h3 id="user-audit-title">Audit trail</h3>
        <HTMLSelect
          aria-label="Show events"
          value={kind}
          options={[{ label: 'All', value: '' }, ...auditKinds.map((value) => ({ label: kindLabels[value], value }))]}
          onChange={(event) => setKind(event.currentTarget.value as AuditKind | '')}
        />
      </div>
      {body}
    </section>
  );
}
