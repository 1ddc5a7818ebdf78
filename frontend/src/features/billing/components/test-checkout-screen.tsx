import './test-gateway.css';
import { Button, Callout, Card, Classes } from '@blueprintjs/core';
import { usePayTestCheckout } from '../api/pay-test-checkout';
import { useTestCheckout } from '../api/get-test-checkout';
import { browser } from '../browser';
import { useResetOnPageRestore } from '../use-reset-on-page-restore';
import { money } from './billing-format';
import { TestModeCallout } from './test-mode-callout';
import { ActionFailure, TestSessionFailure } from './test-session-failure';

/**
 * The simulated gateway's checkout page (issue 29, used when no Stripe keys are set): what is
 * bought, for whom, at what price; "Pay $9.99" completes it as Stripe's checkout would (the same
 * intake path as a real webhook, recorded as a TEST payment), "Cancel" goes back as Stripe's does.
 */
export function TestCheckoutScreen({ id }: { id: string }) {
  const session = useTestCheckout(id);
  const pay = usePayTestCheckout(id);
  const paying = pay.isPending || pay.isSuccess;
  // Back from the success page, restored as it was left: Pay is idle again.
  useResetOnPageRestore(pay.reset);

  let body;
  if (session.isPending) {
    body = <div className={`${Classes.SKELETON} test-gateway-skeleton`} data-testid="test-checkout-loading" />;
  } else if (session.isError) {
    body = (
      <TestSessionFailure
        error={session.error}
        notFound="This checkout session was not found"
        fallback="Failed to load the checkout session"
        onRetry={() => void session.refetch()}
      />
    );
  } else {
    const checkout = session.data;
    const price = money(checkout.amount, checkout.currency);
    body = (
      <Card className="test-gateway-card" elevation={1} role="region" aria-labelledby="test-checkout-title">
        <h2 id="test-checkout-title">{checkout.description}</h2>
        <dl className="test-gateway-facts">
          <dt>Price</dt>
          <dd data-testid="test-checkout-price">
            {price} / {checkout.interval}
          </dd>
          <dt>Email</dt>
          <dd>{checkout.email}</dd>
        </dl>
        {checkout.status === 'completed' ? (
          <>
            <Callout intent="success" icon="tick-circle" title="This checkout is already paid" />
            <div className="test-gateway-actions">
              <Button intent="primary" text="Continue" onClick={() => browser.go(checkout.successUrl)} />
            </div>
          </>
        ) : (
          <>
            {pay.isError ? <ActionFailure error={pay.error} fallback="Payment failed" /> : null}
            <div className="test-gateway-actions">
              <Button intent="primary" size="large" icon={paying ? undefined : 'lock'} disabled={paying} onClick={() => pay.mutate(checkout.successUrl)}>
                {paying ? 'Loading...' : `Pay ${price}`}
              </Button>
              <Button size="large" variant="minimal" disabled={paying} onClick={() => browser.go(checkout.cancelUrl)}>
                Cancel
              </Button>
            </div>
          </>
        )}
      </Card>
    );
  }

  return (
    <div className="page test-gateway">
      <h1 className="page-title">Checkout</h1>
      <TestModeCallout />
      {body}
    </div>
  );
}
