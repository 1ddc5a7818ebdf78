import { type PaymentDto, paymentSchema } from '@contracts/billing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { meHandler, member } from '../../../../test/api';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { BillingTab } from './billing-tab';

const payment = (id: string, overrides: Partial<PaymentDto> = {}): PaymentDto =>
  paymentSchema.parse({
    id,
    mode: 'live',
    type: 'subscription',
    status: 'paid',
    customerName: 'Ada Lovelace',
    customerEmail: 'ada@example.com',
    currency: 'usd',
    amount: 9.99,
    interval: 'month',
    description: 'Skilly Pro',
    created: '2026-11-22T10:00:00.000Z',
    simulated: id.startsWith('sim_'),
    ...overrides,
  });

const livePaid = payment('in_live_1');
const testFailed = payment('sim_in_2', { mode: 'test', type: 'charge', status: 'failed', customerName: null, customerEmail: null, currency: 'eur', amount: 5, interval: null, description: 'One-off charge' });
const testOpen = payment('sim_in_3', { mode: 'test', status: 'open', amount: 19.5, customerName: '', created: '2026-11-21T08:30:00.000Z' });

function open(payments: PaymentDto[]) {
  server.use(meHandler(member({ role: 'admin' })), http.get('/api/admin/stripe-payments', () => HttpResponse.json(payments)));
  return renderRoutes({ '/dashboard': <BillingTab /> }, '/dashboard');
}

const cards = () => screen.queryAllByTestId('payment-card');
const card = (id: string) => screen.getByText(id).closest<HTMLElement>('[data-testid="payment-card"]')!;
const filter = (name: string) => userEvent.click(screen.getByRole('radio', { name }));

describe('the admin Billing tab', () => {
  it('shows each payment with its badges, customer, amount to 2 decimals, interval, description, date and id', async () => {
    open([livePaid, testFailed, testOpen]);
    expect(await screen.findByText('in_live_1')).toBeInTheDocument();
    expect(cards()).toHaveLength(3);

    const live = within(card('in_live_1'));
    expect(live.getByTestId('payment-mode')).toHaveTextContent('LIVE');
    expect(live.queryByTestId('payment-simulated')).not.toBeInTheDocument();
    expect(live.getByTestId('payment-type')).toHaveTextContent('Subscription');
    expect(live.getByTestId('payment-status')).toHaveTextContent('paid');
    expect(live.getByTestId('payment-status')).toHaveClass('bp6-intent-success');
    expect(live.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(live.getByText('ada@example.com')).toBeInTheDocument();
    expect(live.getByTestId('payment-amount')).toHaveTextContent('USD 9.99');
    expect(live.getByText('Billed monthly')).toBeInTheDocument();
    expect(live.getByText('Skilly Pro')).toBeInTheDocument();
    expect(live.getByText('22 Nov 2026', { exact: false })).toBeInTheDocument();

    const failed = within(card('sim_in_2'));
    expect(failed.getByTestId('payment-mode')).toHaveTextContent('TEST');
    // Recorded by the simulated checkout: labelled so, nobody was charged.
    expect(failed.getByTestId('payment-simulated')).toHaveTextContent('SIMULATED');
    expect(failed.getByTestId('payment-type')).toHaveTextContent('Charge');
    expect(failed.getByTestId('payment-status')).toHaveClass('bp6-intent-danger');
    expect(failed.getByText('Unknown Customer')).toBeInTheDocument();
    expect(failed.getByText('No email')).toBeInTheDocument();
    expect(failed.getByTestId('payment-amount')).toHaveTextContent('EUR 5.00');
    expect(failed.queryByText(/^Billed/)).not.toBeInTheDocument();
    expect(failed.getByText('One-off charge')).toBeInTheDocument();

    const other = within(card('sim_in_3'));
    const grey = other.getByTestId('payment-status');
    expect(grey).toHaveTextContent('open');
    expect(grey.className).not.toMatch(/bp6-intent-/);
    expect(other.getByText('Unknown Customer')).toBeInTheDocument();
    expect(other.getByTestId('payment-amount')).toHaveTextContent('USD 19.50');

    // Newest first, as the server sends them.
    expect(cards().map((c) => within(c).getByText(/^(in_|sim_)/).textContent)).toEqual(['in_live_1', 'sim_in_2', 'sim_in_3']);
  });

  it('filters All / Test Only / Live Only', async () => {
    open([livePaid, testFailed, testOpen]);
    await screen.findByText('in_live_1');
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();

    await filter('Test Only');
    expect(cards()).toHaveLength(2);
    expect(screen.queryByText('in_live_1')).not.toBeInTheDocument();

    await filter('Live Only');
    expect(cards()).toHaveLength(1);
    expect(screen.getByText('in_live_1')).toBeInTheDocument();

    await filter('All');
    expect(cards()).toHaveLength(3);
  });

  it("says 'No test payments found' and 'No live payments found' when the filter hides every payment", async () => {
    const first = open([livePaid]);
    await screen.findByText('in_live_1');
    await filter('Test Only');
    expect(screen.getByText('No test payments found')).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
    first.unmount();

    open([testFailed]);
    await screen.findByText('sim_in_2');
    await filter('Live Only');
    expect(screen.getByText('No live payments found')).toBeInTheDocument();
  });

  it("says 'No payments yet' when there are none", async () => {
    open([]);
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
    await filter('Live Only');
    expect(screen.getByText('No payments yet')).toBeInTheDocument();
  });

  it("shows a failure with the server's message, never the raw answer, and Retry", async () => {
    let calls = 0;
    server.use(
      meHandler(member({ role: 'admin' })),
      http.get('/api/admin/stripe-payments', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ message: 'Database unavailable', code: 'unavailable' }, { status: 503 }) : HttpResponse.json([livePaid]);
      }),
    );
    renderRoutes({ '/dashboard': <BillingTab /> }, '/dashboard');
    expect(await screen.findByText('Failed to load payments')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.queryByText(/503|"message"|unavailable"/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('in_live_1')).toBeInTheDocument();
  });

  it('says only "Failed to load payments" when the failure carries no message', async () => {
    server.use(meHandler(member({ role: 'admin' })), http.get('/api/admin/stripe-payments', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    renderRoutes({ '/dashboard': <BillingTab /> }, '/dashboard');
    expect((await screen.findAllByText('Failed to load payments')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/502|Bad gateway/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
