import { Button } from '@blueprintjs/core';
import { useCreatePortalSession } from '../api/create-portal-session';

/**
 * Spec §2 Profile, §6: a Pro member's way to the billing portal (cancel, change card, invoices).
 * Spec §8: a portal that cannot be opened is logged only; the button simply comes back.
 */
export function ManageSubscriptionButton() {
  const portal = useCreatePortalSession();
  const busy = portal.isPending || portal.isSuccess;
  return (
    <Button icon={busy ? undefined : 'settings'} disabled={busy} onClick={() => portal.mutate()}>
      {busy ? 'Loading...' : 'Manage Subscription'}
    </Button>
  );
}
