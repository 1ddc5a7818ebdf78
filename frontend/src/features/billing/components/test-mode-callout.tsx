import { Callout } from '@blueprintjs/core';

/** The simulated gateway's pages say, before anything else, that nothing real happens on them. */
export function TestModeCallout() {
  return (
    <Callout intent="warning" icon="warning-sign" className="test-mode-callout" title="TEST MODE — no real payment is taken" role="note">
      This page stands in for the payment provider while no Stripe keys are set. Payments made here are recorded as TEST payments.
    </Callout>
  );
}
