import './dashboard-notice.css';
import { Button, Callout } from '@blueprintjs/core';
import { RouterButton } from '../../../components/ui/router-button';
import { useUpgradeArrival } from './use-upgrade-arrival';

/**
 * Spec §2: /dashboard?success=true after a completed Pro checkout shows the upgrade banner at once,
 * and reads the member and the credits again (use-upgrade-arrival.ts). The payment provider's
 * confirmation may land a moment after the browser does: until the member reads as Pro, the banner
 * says the payment is being confirmed, then welcomes them. When the waiting gives up with the member
 * still not Pro (no payment reached the server), it says so and what to do.
 */
export function UpgradeSuccessBanner({ pro, onDismiss }: { pro: boolean; onDismiss: () => void }) {
  const { gaveUp } = useUpgradeArrival(pro);
  if (pro)
    return (
      <Callout intent="success" icon="star" title="Welcome to Pro!" className="dashboard-notice" role="status">
        <p>Your upgrade was successful. Your Pro credits and features are ready to use.</p>
        <Button variant="minimal" text="Dismiss" onClick={onDismiss} />
      </Callout>
    );
  if (gaveUp)
    return (
      <Callout intent="warning" icon="warning-sign" title="No payment received yet" className="dashboard-notice" role="status">
        <p>
          No Pro payment has reached us yet, so your account is still on the Free plan. If you did not finish the checkout, you can upgrade at any time. If you did
          pay, the confirmation may still be on its way: reload this page in a few minutes, and contact support if Pro does not appear.
        </p>
        <div className="dashboard-notice-actions">
          <RouterButton to="/upsell" intent="primary" icon="star" text="Upgrade to Pro" />
          <RouterButton to="/support" variant="minimal" text="Contact support" />
          <Button variant="minimal" text="Dismiss" onClick={onDismiss} />
        </div>
      </Callout>
    );
  return (
    <Callout intent="primary" icon="time" title="Confirming your payment…" className="dashboard-notice" role="status">
      <p>Thank you for upgrading. Your Pro features appear in a moment.</p>
      <Button variant="minimal" text="Dismiss" onClick={onDismiss} />
    </Callout>
  );
}
