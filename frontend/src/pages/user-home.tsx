import './user-home.css';
import '../components/ui/staff-notice.css';
import { useSearchParams } from 'react-router-dom';
import { StaffNotice } from '../components/ui/staff-notice';
import { CreditStatementPanel } from '../features/credits/components/credit-statement-panel';
import { UsageCards } from '../features/credits/components/usage-cards';
import { ProUntil } from '../features/billing/components/pro-until';
import { ActionPlans } from '../features/plans/components/action-plans';
import { LimitNotice } from '../features/dashboard/components/limit-notice';
import { SubscriptionBox } from '../features/dashboard/components/subscription-box';
import { UpgradeSuccessBanner } from '../features/dashboard/components/upgrade-success-banner';
import { GenerateIdeasForm } from '../features/ideas/components/generate-ideas-form';
import { RecentIdeas } from '../features/ideas/components/recent-ideas';
import { useAuth } from '../lib/auth/auth-provider';
import { RequireRole } from '../lib/auth/require-role';
import { isPro } from '../lib/auth/roles';

/** Moderators have no credits and cannot generate ideas (spec §6): the member panels do not apply. */
function StaffHome() {
  const { user } = useAuth();
  return (
    <div className="page dashboard">
      <h1 className="page-title">Welcome back, {user?.firstName}!</h1>
      <StaffNotice role={user?.role} />
    </div>
  );
}

/** The signed-in home for everyone but admins: members get their dashboard, moderators a notice. */
export function UserHome() {
  return (
    <RequireRole roles={['free', 'pro']} otherwise={<StaffHome />}>
      <MemberHome />
    </RequireRole>
  );
}

/**
 * The member dashboard (spec §2): greeting, success and limit notices, subscription, usage and the
 * reset countdown, Recent Ideas, Action Plans, Generate New Ideas, and the credit statement.
 */
function MemberHome() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const limit = params.get('limit');
  // Back from checkout: the banner shows at once, saying the payment is being confirmed until the member reads as Pro.
  const success = params.get('success') === 'true';

  const dismiss = (key: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(key);
        return next;
      },
      { replace: true },
    );

  if (!user) return null;

  return (
    <div className="page dashboard">
      <div className="dashboard-top">
        <div>
          <h1 className="page-title">Welcome back, {user.firstName}!</h1>
          <p className="muted">Here is where your ideas, plans and credits stand.</p>
        </div>
        <SubscriptionBox user={user} standing={<ProUntil role={user.role} />} />
      </div>
      {success ? <UpgradeSuccessBanner pro={isPro(user)} onDismiss={() => dismiss('success')} /> : null}
      {limit ? <LimitNotice code={limit} onDismiss={() => dismiss('limit')} /> : null}
      <UsageCards />
      <div className="dashboard-columns">
        <RecentIdeas />
        <ActionPlans />
      </div>
      <GenerateIdeasForm />
      <CreditStatementPanel />
    </div>
  );
}
