import { Button, Classes, NonIdealState, Tag } from '@blueprintjs/core';
import type { AdminUserDto } from '@contracts/admin-members';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { errorMessage } from '../../../../lib/api-client';
import { StatCard, StatCards } from '../../components/stat-card';
import { useAdminMember } from '../api/get-member';
import { useAdminUserIdeas } from '../api/get-user-ideas';
import { useAdminUserPlans } from '../api/get-user-plans';
import { AuditTrail } from './audit-trail';
import { dayText, fullName, memberUsage } from './member-usage';
import { UserIdeas } from './user-ideas';
import { UserPlans } from './user-plans';

function MemberStats({ user }: { user: AdminUserDto }) {
  const usage = memberUsage(user);
  return (
    <StatCards label="Member figures">
      <StatCard label="Ideas generated" value={usage.ideas} />
      <StatCard label="Active plans" value={usage.plans} />
      <StatCard label="Milestone credits" value={usage.milestones} />
      <StatCard label="Help credits" value={usage.help} />
      <StatCard label="Tokens used" value={user.tokenUsage.toLocaleString('en-US')} />
      <StatCard label="Joined" value={dayText(user.createdAt)} />
    </StatCards>
  );
}

/**
 * Back-office §2 User view: one member's name, email and role with 'Back to Members', their
 * figures, idea sets, plans and the audit trail of everything done to or by the account.
 */
export function UserView({ userId, onBack }: { userId: string; onBack: () => void }) {
  const member = useAdminMember(userId);
  const ideaSets = useAdminUserIdeas(userId);
  const plans = useAdminUserPlans(userId);

  const back = <Button icon="arrow-left" text="Back to Members" onClick={onBack} />;
  let head;
  if (member.isPending) head = <div className={`${Classes.SKELETON} user-view-head-skeleton`} data-testid="member-loading" />;
  else if (member.isError)
    head = <LoadFailure title="Failed to load the member" description={errorMessage(member.error, 'Failed to load the member')} query={member} />;
  else if (!member.data) return <NonIdealState icon="person" title="Member not found" action={back} />;
  else
    head = (
      <>
        <div className="user-view-identity">
          <h2 id="user-view-title">{fullName(member.data)}</h2>
          <span className="muted">{member.data.email}</span>
          <Tag intent={member.data.role === 'admin' ? 'danger' : member.data.role === 'pro' ? 'primary' : 'none'}>{member.data.role}</Tag>
          {member.data.disabled === 'true' ? <Tag intent="danger" minimal>Disabled</Tag> : null}
        </div>
        <MemberStats user={member.data} />
      </>
    );

  return (
    <section className="user-view" aria-labelledby="user-view-title">
      <div className="user-view-back">{back}</div>
      {head}
      <UserIdeas ideaSets={ideaSets} plans={plans.data ?? []} />
      <UserPlans plans={plans} />
      <AuditTrail userId={userId} />
    </section>
  );
}
