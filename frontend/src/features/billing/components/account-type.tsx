import './account-type.css';
import { FormGroup, InputGroup } from '@blueprintjs/core';
import type { User } from '@contracts/auth';
import { ManageSubscriptionButton } from './manage-subscription-button';

const accountTypes: Record<User['role'], string> = {
  free: 'Free Forever',
  pro: 'Pro',
  moderator: 'Moderator',
  admin: 'Admin',
};

/** Spec §2 Profile: the read-only Account Type, with Manage Subscription for Pro members (§6). */
export function AccountType({ role }: { role: User['role'] }) {
  return (
    <FormGroup label="Account Type" labelFor="account-type" className="account-type">
      <div className="account-type-row">
        <InputGroup id="account-type" value={accountTypes[role]} readOnly size="large" />
        {role === 'pro' ? <ManageSubscriptionButton /> : null}
      </div>
    </FormGroup>
  );
}
