import './subscription-box.css';
import { Card, Tag } from '@blueprintjs/core';
import type { User } from '@contracts/auth';
import type { ReactNode } from 'react';
import { RouterButton } from '../../../components/ui/router-button';
import { isPro } from '../../../lib/auth/roles';

/**
 * Spec §2: the member's tier, "Pro" or "Free Forever", with the way up for free members, and under
 * the tier what the page adds about it (`standing`: "Pro until {date}" for a cancelled subscription).
 */
export function SubscriptionBox({ user, standing }: { user: User; standing?: ReactNode }) {
  const pro = isPro(user);
  return (
    <Card className="subscription-box" elevation={1} role="region" aria-labelledby="subscription-title">
      <div>
        <h2 id="subscription-title" className="subscription-label muted">
          Your subscription
        </h2>
        <Tag size="large" intent={pro ? 'success' : 'primary'} minimal={!pro} icon={pro ? 'star' : undefined} data-testid="subscription-tier">
          {pro ? 'Pro' : 'Free Forever'}
        </Tag>
        {standing}
      </div>
      {pro ? (
        <p className="muted">Thank you for being Pro.</p>
      ) : (
        <RouterButton to="/upsell" intent="primary" icon="star" text="Upgrade to Pro" />
      )}
    </Card>
  );
}
