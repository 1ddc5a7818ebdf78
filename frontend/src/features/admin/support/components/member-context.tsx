import { Button } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { TicketMemberContextDto } from '@contracts/support';
import { LoadingText } from '../../../../components/ui/loading-text';
import { useTicketMember } from '../api/get-ticket-member';
import { formatDate } from './support-format';

const creditRows: { key: keyof Omit<TicketMemberContextDto['credits'], 'resetsAt'>; label: string }[] = [
  { key: 'ideas', label: 'Idea credits' },
  { key: 'plans', label: 'Plan credits' },
  { key: 'milestones', label: 'Milestone credits' },
  { key: 'help', label: 'Help credits' },
];

const money = (amount: number, currency: string) => `${currency.toUpperCase()} ${amount.toFixed(2)}`;

/** Beyond the spec: the member behind the ticket (role, credits used of the allowance, plans, last payment), from the read models. */
export function MemberContext({ ticketId }: { ticketId: string }) {
  const member = useTicketMember(ticketId);
  let body;
  if (member.isPending) body = <LoadingText />;
  else if (member.isError)
    body = (
      <div className="support-side-error">
        <p>Failed to load the member</p>
        <Button size="small" icon="refresh" text="Retry" loading={member.isFetching} onClick={() => void member.refetch()} />
      </div>
    );
  else {
    const context = member.data;
    body = (
      <dl className="member-context">
        <Row label="Role">{context.role}</Row>
        <Row label="Member since">{formatDate(context.memberSince)}</Row>
        {creditRows.map(({ key, label }) => (
          <Row key={key} label={label}>
            {context.credits[key].used}/{context.credits[key].limit} used
          </Row>
        ))}
        <Row label="Plans">{context.planCount}</Row>
        <Row label="Last payment">
          {context.lastPayment
            ? `${money(context.lastPayment.amount, context.lastPayment.currency)}, ${context.lastPayment.status}, ${formatDate(context.lastPayment.createdAt)}`
            : 'No payments yet'}
        </Row>
      </dl>
    );
  }
  return (
    <section className="support-side-card" aria-labelledby={`member-${ticketId}`}>
      <h3 id={`member-${ticketId}`}>Member</h3>
      {body}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="member-context-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
