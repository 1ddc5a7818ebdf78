import './dashboard-notice.css';
import { Button, Callout } from '@blueprintjs/core';

/**
 * Spec §2: /dashboard?success=true after a completed Pro checkout shows the upgrade banner at once.
 * The payment provider's confirmation may land a moment after the browser does: until the member
 * reads as Pro (`confirming`), the banner says the payment is being confirmed, then welcomes them.
 */
export function UpgradeSuccessBanner({ confirming, onDismiss }: { confirming: boolean; onDismiss: () => void }) {
  return confirming ? (
    <Callout intent="primary" icon="time" title="Confirming your payment…" className="dashboard-notice" role="status">
      <p>Thank you for upgrading. Your Pro features appear in a moment.</p>
      <Button variant="minimal" text="Dismiss" onClick={onDismiss} />
    </Callout>
  ) : (
    <Callout intent="success" icon="star" title="Welcome to Pro!" className="dashboard-notice" role="status">
      <p>Your upgrade was successful. Your Pro credits and features are ready to use.</p>
      <Button variant="minimal" text="Dismiss" onClick={onDismiss} />
    </Callout>
  );
}
