import { Button } from '@blueprintjs/core';
import { useCreatePortalSession } from '../api/create-portal-session';
import { useResetOnPageRestore } from '../use-reset-on-page-restore';

/**
 * Spec §2 Profile, §6: a Pro member's way to the billing portal (cancel, change card, invoices).
 * Spec §8: a portal that cannot be opened is logged only; the button simply comes back.
 */
export function ManageSubscriptionButton() {
  const portal = useCreatePortalSession();
  const busy = portal.isPending || portal.isSuccess;
  // Back from the portal, restored as it was left: the button is idle again.
  useResetOnPageRestore(portal.reset);
  return (
    <Button icon={busy ? undefined : 'settings'} disabled={busy} onClick={() => portal.mutate()}>
      {busy ? 'Loading...' : 'Manage Subscription'}
    </Button>
  );
}
