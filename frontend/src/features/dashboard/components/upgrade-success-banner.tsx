import './dashboard-notice.css';
import { Button, Callout } from '@blueprintjs/core';

/** Spec §2: /dashboard?success=true after a completed Pro checkout. */
export function UpgradeSuccessBanner({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Callout intent="success" icon="star" title="Welcome to Pro!" className="dashboard-notice" role="status">
      <p>Your upgrade was successful. Your Pro credits and features are ready to use.</p>
      <Button variant="minimal" text="Dismiss" onClick={onDismiss} />
    </Callout>
  );
}
