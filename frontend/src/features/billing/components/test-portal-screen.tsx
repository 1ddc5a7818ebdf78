import './test-gateway.css';
import { Button, Callout, Card, Classes, Tag } from '@blueprintjs/core';
import type { SubscriptionDto } from '@contracts/billing';
import { useTestPortal } from '../api/get-test-portal';
import { useCancelTestSubscription, useEndTestPeriod } from '../api/test-portal-actions';
import { browser } from '../browser';
import { useResetOnPageRestore } from '../use-reset-on-page-restore';
import { formatDay } from './billing-format';
import { TestModeCallout } from './test-mode-callout';
import { ActionFailure, TestSessionFailure } from './test-session-failure';

/** The subscription's state in words: its badge and what happens next. */
export function subscriptionState(subscription: SubscriptionDto): { label: string; intent: 'success' | 'warning' | 'danger' | 'none'; detail: string | null } {
  const end = subscription.currentPeriodEnd ? formatDay(subscription.currentPeriodEnd) : null;
  switch (subscription.status) {
    case 'active':
      return { label: 'Active', intent: 'success', detail: end ? `Renews on ${end}` : null };
    case 'cancelling':
      return { label: 'Cancelled', intent: 'warning', detail: end ? `Ends on ${end}` : 'Ends at the end of the billing period' };
    case 'past_due':
      return { label: 'Payment failed', intent: 'danger', detail: 'Pro continues while the payment is retried' };
    case 'ended':
      return { label: 'Ended', intent: 'none', detail: null };
    case 'none':
      return { label: 'No subscription', intent: 'none', detail: null };
  }
}

/**
 * The simulated gateway's billing portal (issue 29, used when no Stripe keys are set): the
 * member's subscription and its state, "Cancel subscription" (it ends at the end of the paid
 * period, as Stripe's portal does), a TEST-only "End billing period now" to see that end without
 * waiting a month, and "Return to Skilly".
 */
export function TestPortalScreen({ id }: { id: string }) {
  const portal = useTestPortal(id);
  const cancel = useCancelTestSubscription(id);
  const endPeriod = useEndTestPeriod(id);
  const busy = cancel.isPending || endPeriod.isPending || endPeriod.isSuccess;
  // Back from the app after ending the period, restored as it was left: the buttons are idle again.
  useResetOnPageRestore(endPeriod.reset);

  let body;
  if (portal.isPending) {
    body = <div className={`${Classes.SKELETON} test-gateway-skeleton`} data-testid="test-portal-loading" />;
  } else if (portal.isError) {
    body = (
      <TestSessionFailure
        error={portal.error}
        notFound="This billing portal session was not found"
        fallback="Failed to load the billing portal"
        onRetry={() => void portal.refetch()}
      />
    );
  } else {
    const { subscription, email, returnUrl } = portal.data;
    const state = subscriptionState(subscription);
    const live = subscription.status === 'active' || subscription.status === 'past_due';
    const running = live || subscription.status === 'cancelling';
    body = (
      <Card className="test-gateway-card" elevation={1} role="region" aria-labelledby="test-portal-title">
        <h2 id="test-portal-title">Skilly Pro</h2>
        <dl className="test-gateway-facts">
          <dt>Email</dt>
          <dd>{email}</dd>
          <dt>Status</dt>
          <dd>
            <Tag intent={state.intent} data-testid="subscription-status">
              {state.label}
            </Tag>
          </dd>
          {state.detail ? (
            <>
              <dt>Period</dt>
              <dd data-testid="subscription-period">{state.detail}</dd>
            </>
          ) : null}
        </dl>
        {cancel.isSuccess ? (
          <Callout intent="success" icon="tick-circle" title="Subscription cancelled" role="status">
            {subscription.currentPeriodEnd
              ? `You keep Pro until the end of the billing period, ${formatDay(subscription.currentPeriodEnd)}.`
              : 'You keep Pro until the end of the billing period.'}
          </Callout>
        ) : null}
        {cancel.isError ? <ActionFailure error={cancel.error} fallback="Failed to cancel the subscription" /> : null}
        {endPeriod.isError ? <ActionFailure error={endPeriod.error} fallback="Failed to end the billing period" /> : null}
        <div className="test-gateway-actions">
          {live ? (
            <Button intent="danger" disabled={busy} onClick={() => cancel.mutate()}>
              {cancel.isPending ? 'Loading...' : 'Cancel subscription'}
            </Button>
          ) : null}
          {running ? (
            <Button intent="warning" variant="outlined" icon="time" disabled={busy} onClick={() => endPeriod.mutate(returnUrl)}>
              {endPeriod.isPending || endPeriod.isSuccess ? 'Loading...' : 'End billing period now'}
            </Button>
          ) : null}
          <Button intent="primary" variant="minimal" icon="arrow-left" disabled={busy} onClick={() => browser.go(returnUrl)}>
            Return to Skilly
          </Button>
        </div>
        {running ? <p className="muted">"End billing period now" exists on this TEST page only: it ends the paid period at once, as if the month had passed.</p> : null}
      </Card>
    );
  }

  return (
    <div className="page test-gateway">
      <h1 className="page-title">Billing portal</h1>
      <TestModeCallout />
      {body}
    </div>
  );
}
