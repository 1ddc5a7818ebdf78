import { Button, Callout } from '@blueprintjs/core';
import { RouterButton } from '../../../components/ui/router-button';
import { useAuth } from '../../../lib/auth/auth-provider';
import type { PlanLimit } from '../api/plan-errors';

/** Spec §8: a spent help or milestone allowance; upgrading is offered only when it would help. */
export function LimitBanner({ limit, onDismiss }: { limit: PlanLimit; onDismiss: () => void }) {
  const { user } = useAuth();
  return (
    <Callout
      intent="warning"
      icon="warning-sign"
      className="plan-limit-banner"
      role="alert"
      data-testid="plan-limit-banner"
      title={limit.upgradeRequired ? 'Go Pro to unlock advanced features' : 'Limit Reached'}
    >
      <p>{limit.message}</p>
      <div className="plan-limit-actions">
        {limit.upgradeRequired ? (
          <RouterButton to={user ? '/upsell' : '/auth?tab=signup&redirect=/upsell'} intent="primary" icon="star" text="Upgrade to Pro" />
        ) : null}
        <Button variant="minimal" text="Dismiss" onClick={onDismiss} />
      </div>
    </Callout>
  );
}
