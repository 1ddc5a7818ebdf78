import { monthlyAllowances } from '@contracts/allowances';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { held, offer, offerEndingIn, offerHandler, pageShow, watchBrowser } from './billing-test-support';
import { UpsellScreen } from './upsell-screen';

const checkoutPath = '/api/stripe/create-checkout-session';

function open(body = offer(), ...handlers: Parameters<typeof server.use>) {
  server.use(meHandler(member()), offerHandler(body), ...handlers);
  return renderRoutes({ '/upsell': <UpsellScreen />, '/dashboard': <h1>Dashboard</h1> }, '/upsell');
}

const button = (name: string) => screen.getByRole('button', { name });
const unit = (key: string) => screen.getByTestId('offer-countdown').querySelector(`[data-unit="${key}"] .offer-countdown-value`)!.textContent;

afterEach(() => vi.restoreAllMocks());

describe('the upsell page', () => {
  it('shows $9.99/month with $19.99 crossed out, what Pro includes and the comparison from the one allowance policy', async () => {
    open();
    expect(await screen.findByTestId('offer-countdown')).toBeInTheDocument();
    expect(screen.getByTestId('upsell-price')).toHaveTextContent(/^\$9\.99\/month\$19\.99$/);
    expect(screen.getByText('$19.99').tagName).toBe('S');
    expect(screen.getByRole('heading', { name: 'Welcome Offer' })).toBeInTheDocument();

    // §9: the Pro features, and the Pro allowances as the ledger grants them.
    const pro = screen.getByRole('region', { name: 'Everything in Pro' });
    expect(within(pro).getByText(/Custom idea prompt tools/)).toBeInTheDocument();
    expect(within(pro).getByText('Live 1-on-1 sessions')).toBeInTheDocument();
    expect(within(pro).getByText('Resources library (coming soon)')).toBeInTheDocument();
    expect(within(pro).getByText(`${monthlyAllowances.pro.milestone} milestone credits a month`)).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Free vs Pro' });
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr')!;
    const cells = (label: string) => within(row(label)).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells('Idea sets a month')).toEqual([String(monthlyAllowances.free.idea), String(monthlyAllowances.pro.idea)]);
    expect(cells('Action plans a month')).toEqual([String(monthlyAllowances.free.plan), String(monthlyAllowances.pro.plan)]);
    expect(cells('Milestone credits a month')).toEqual([String(monthlyAllowances.free.milestone), String(monthlyAllowances.pro.milestone)]);
    expect(cells('Help requests a month')).toEqual([String(monthlyAllowances.free.help), String(monthlyAllowances.pro.help)]);
    expect(cells('Price')).toEqual(['Free Forever', '$9.99/month']);

    // The quick answers.
    expect(screen.getByText('Can I cancel any time?')).toBeInTheDocument();
    expect(screen.getByText(/within 7 days of paying: contact support/)).toBeInTheDocument();
    expect(screen.getByText('What happens to my credits when I upgrade?')).toBeInTheDocument();
  });

  it('counts down to the offer end in days, hours, minutes and seconds, ticking every second', async () => {
    open(offerEndingIn(((2 * 24 + 3) * 60 + 4) * 60_000 + 30_000));
    await screen.findByTestId('offer-countdown');
    expect([unit('days'), unit('hours'), unit('minutes')]).toEqual(['02', '03', '04']);
    const first = unit('seconds');
    await waitFor(() => expect(unit('seconds')).not.toBe(first), { timeout: 3_000 });
    expect(screen.getByText('Days')).toBeInTheDocument();
    expect(screen.getByText('Seconds')).toBeInTheDocument();
  });

  it('says the offer has ended once the countdown reaches zero, and then shows the price checkout charges without a struck list price', async () => {
    open(offerEndingIn(1_200));
    await screen.findByTestId('offer-countdown');
    expect(await screen.findByText('The welcome offer has ended', {}, { timeout: 4_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('offer-countdown')).not.toBeInTheDocument();
    // Checkout charges the one Pro price (offer.amount): the page says so, with no crossed-out list price (the discount is over).
    expect(screen.getByTestId('upsell-price')).toHaveTextContent(/^\$9\.99\/month$/);
    expect(screen.queryByText('$19.99')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/regular price/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim Welcome Offer' })).not.toBeInTheDocument();
    expect(button('Get Started with Pro')).toBeEnabled();
  });

  it('shows an offer that ended before the page opened as ended, at the price checkout charges and no struck list price', async () => {
    open(offer({ endsAt: '2020-12-31T23:59:00.000Z', amount: 9.99, listAmount: 19.99 }));
    expect(await screen.findByText('The welcome offer has ended')).toBeInTheDocument();
    expect(screen.getByTestId('upsell-price')).toHaveTextContent(/^\$9\.99\/month$/);
    expect(screen.queryByText('$19.99')).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Free vs Pro' });
    const price = within(within(table).getByRole('rowheader', { name: 'Price' }).closest('tr')!).getAllByRole('cell');
    expect(price.map((cell) => cell.textContent)).toEqual(['Free Forever', '$9.99/month']);
  });

  it.each([
    ['Get Started with Pro', 'Claim Welcome Offer'],
    ['Claim Welcome Offer', 'Get Started with Pro'],
  ])('"%s" reads Loading... while checkout starts, disables both buttons, then sends the browser to the checkout', async (pressed, other) => {
    const go = watchBrowser();
    const answer = held();
    const keys: (string | null)[] = [];
    open(
      offer(),
      http.post(checkoutPath, async ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        await answer.wait();
        return HttpResponse.json({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: pressed }));

    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(button(other)).toBeDisabled();
    expect(screen.queryByRole('button', { name: pressed })).not.toBeInTheDocument();

    answer.release();
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(go).toHaveBeenCalledOnce();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/\S{8,}/);
  });

  it.each([
    ['the server refuses with its message', () => HttpResponse.json({ message: 'You already have an active subscription', code: 'already_subscribed' }, { status: 409 }), 'You already have an active subscription'],
    ['the server fails without a message', () => new HttpResponse('Internal error', { status: 500 }), 'Failed to create checkout session'],
    ['the network fails', () => HttpResponse.error(), 'Failed to create checkout session'],
    ['the answer has no url', () => HttpResponse.json({}), 'No checkout URL received'],
  ])('when %s: the toast "Error" says so and the buttons come back', async (_case, reply, message) => {
    const go = watchBrowser();
    open(offer(), http.post(checkoutPath, reply));
    await userEvent.click(await screen.findByRole('button', { name: 'Get Started with Pro' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
    await waitFor(() => expect(button('Get Started with Pro')).toBeEnabled());
    expect(button('Claim Welcome Offer')).toBeEnabled();
    expect(go).not.toHaveBeenCalled();
  });

  it('retries a checkout whose answer was lost with the same Idempotency-Key, and a refused one with a new key', async () => {
    watchBrowser();
    const keys: (string | null)[] = [];
    const answers = [() => HttpResponse.error(), () => HttpResponse.json({ message: 'Please sign in', code: 'unauthorized' }, { status: 401 }), () => HttpResponse.json({ url: '/billing/test-checkout/sim_cs_1' })];
    open(
      offer(),
      http.post(checkoutPath, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return answers[keys.length - 1]!();
      }),
    );
    const press = async () => {
      await waitFor(() => expect(button('Get Started with Pro')).toBeEnabled());
      await userEvent.click(button('Get Started with Pro'));
    };
    await press();
    await screen.findByText('Failed to create checkout session');
    await press();
    await screen.findByText('Please sign in');
    await press();
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('brings the buttons back when the browser\'s Back button restores the page from its cache', async () => {
    const go = watchBrowser();
    open(offer(), http.post(checkoutPath, () => HttpResponse.json({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' })));
    await userEvent.click(await screen.findByRole('button', { name: 'Get Started with Pro' }));
    await waitFor(() => expect(go).toHaveBeenCalledOnce());
    // Leaving for the checkout: the buttons stay disabled, with Loading...
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();

    pageShow(false);
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();

    pageShow(true);
    await waitFor(() => expect(button('Get Started with Pro')).toBeEnabled());
    expect(button('Claim Welcome Offer')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Loading...' })).not.toBeInTheDocument();
  });

  it('"Continue with Free" goes to the dashboard', async () => {
    open();
    await userEvent.click(await screen.findByRole('link', { name: 'Continue with Free' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('keeps the price and the buttons when the offer cannot be loaded, with Retry', async () => {
    let calls = 0;
    server.use(
      meHandler(member()),
      http.get('/api/billing/offer', () => {
        calls += 1;
        return calls === 1 ? new HttpResponse('down', { status: 503 }) : HttpResponse.json(offer());
      }),
    );
    renderRoutes({ '/upsell': <UpsellScreen /> }, '/upsell');
    expect(await screen.findByText('Could not load the offer')).toBeInTheDocument();
    expect(screen.getByTestId('upsell-price')).toHaveTextContent('$9.99/month');
    expect(button('Get Started with Pro')).toBeEnabled();
    await userEvent.click(button('Retry'));
    expect(await screen.findByTestId('offer-countdown')).toBeInTheDocument();
  });
});
