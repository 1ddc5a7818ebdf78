import './billing-tab.css';
import { Card, Classes, NonIdealState, SegmentedControl, Tag } from '@blueprintjs/core';
import type { PaymentDto } from '@contracts/billing';
import { useState } from 'react';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { errorMessage } from '../../../../lib/api-client';
import { usePayments } from '../api/get-payments';

type Filter = 'all' | PaymentDto['mode'];

const filters: { label: string; value: Filter }[] = [
  { label: 'All', value: 'all' },
  { label: 'Test Only', value: 'test' },
  { label: 'Live Only', value: 'live' },
];

/** Back-office §2: paid green, failed red, any other status grey. */
const statusIntent = (status: string) => (status === 'paid' ? 'success' : status === 'failed' ? 'danger' : 'none');

/** "USD 9.99": the currency upper-case and the amount to 2 decimals. */
export const amountText = (payment: Pick<PaymentDto, 'currency' | 'amount'>) => `${payment.currency.toUpperCase()} ${payment.amount.toFixed(2)}`;

function formatCreated(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

function PaymentCard({ payment }: { payment: PaymentDto }) {
  return (
    <li>
      <Card className="payment-card" elevation={1} data-testid="payment-card">
        <div className="payment-card-top">
          <div className="payment-card-badges">
            <Tag intent={payment.mode === 'live' ? 'primary' : 'warning'} data-testid="payment-mode">
              {payment.mode === 'live' ? 'LIVE' : 'TEST'}
            </Tag>
            {payment.simulated ? (
              <Tag intent="warning" minimal data-testid="payment-simulated" title="Recorded by the simulated checkout: nobody was charged">
                SIMULATED
              </Tag>
            ) : null}
            <Tag minimal data-testid="payment-type">
              {payment.type === 'subscription' ? 'Subscription' : 'Charge'}
            </Tag>
            <Tag intent={statusIntent(payment.status)} data-testid="payment-status" data-status={payment.status}>
              {payment.status}
            </Tag>
          </div>
          <div className="payment-card-amount">
            <strong data-testid="payment-amount">{amountText(payment)}</strong>
            {payment.interval ? <span className="muted">Billed {payment.interval}ly</span> : null}
          </div>
        </div>
        <div className="payment-card-customer">
          <strong>{payment.customerName || 'Unknown Customer'}</strong>
          <span className="muted">{payment.customerEmail || 'No email'}</span>
        </div>
        {payment.description ? <p className="payment-card-description">{payment.description}</p> : null}
        <div className="payment-card-meta muted">
          <time dateTime={payment.created}>{formatCreated(payment.created)}</time>
          <code className="payment-card-id">{payment.id}</code>
        </div>
      </Card>
    </li>
  );
}

/**
 * The admin Billing tab (back-office §2, §3): the payments recorded from the card payment provider,
 * newest first, filtered All / Test Only / Live Only, each a card with its badges and facts.
 */
export function BillingTab() {
  const payments = usePayments();
  const [filter, setFilter] = useState<Filter>('all');

  let body;
  if (payments.isPending) {
    body = (
      <div className="payment-list-skeleton" data-testid="payments-loading">
        {[0, 1, 2].map((n) => (
          <div key={n} className={`${Classes.SKELETON} payment-card-skeleton`} />
        ))}
      </div>
    );
  } else if (payments.isError) {
    body = <LoadFailure title="Failed to load payments" description={errorMessage(payments.error, 'Failed to load payments')} query={payments} />;
  } else if (payments.data.length === 0) {
    body = <NonIdealState icon="info-sign" title="No payments yet" />;
  } else {
    const shown = filter === 'all' ? payments.data : payments.data.filter((payment) => payment.mode === filter);
    body =
      shown.length === 0 ? (
        <NonIdealState icon="info-sign" title={`No ${filter} payments found`} />
      ) : (
        <ul className="payment-list" aria-label="Payments">
          {shown.map((payment) => (
            <PaymentCard key={payment.id} payment={payment} />
          ))}
        </ul>
      );
  }

  return (
    <section className="billing-tab" aria-labelledby="billing-tab-title">
      <div className="billing-tab-head">
        <h2 id="billing-tab-title">Payments</h2>
        <SegmentedControl options={filters} value={filter} onValueChange={(value) => setFilter(value as Filter)} aria-label="Show payments" />
      </div>
      {body}
    </section>
  );
}

export default BillingTab;
