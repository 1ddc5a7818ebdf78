import './account-type.css';
import { FormGroup, InputGroup } from '@blueprintjs/core';
import type { User } from '@contracts/auth';
import { useSubscription } from '../api/get-subscription';
import { ManageSubscriptionButton } from './manage-subscription-button';
import { ProUntil } from './pro-until';

const accountTypes: Record<User['role'], string> = {
  free: 'Free Forever',
  pro: 'Pro',
  moderator: 'Moderator',
  admin: 'Admin',
};

/**
 * Spec §2 Profile: the read-only Account Type, with Manage Subscription for Pro members (§6) who have
 * a subscription to manage (`canManage`: one made Pro by an admin has no portal to open), and
 * "Pro until {date}" once their subscription is cancelled.
 */
export function AccountType({ role }: { role: User['role'] }) {
  const pro = role === 'pro';
  const subscription = useSubscription({ enabled: pro });
  return (
    <FormGroup label="Account Type" labelFor="account-type" className="account-type">
      <div className="account-type-row">
        <InputGroup id="account-type" value={accountTypes[role]} readOnly size="large" />
        {pro && subscription.data?.canManage ? <ManageSubscriptionButton /> : null}
      </div>
      <ProUntil role={role} />
    </FormGroup>
  );
}
