import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { acceptedPending, held, pageShow, testCheckout, watchBrowser } from './billing-test-support';
import { TestCheckoutScreen } from './test-checkout-screen';

const sessionPath = '/api/stripe/test-checkout/sim_cs_1';

function open(...handlers: Parameters<typeof server.use>) {
  server.use(meHandler(member()), ...handlers);
  return renderRoutes({ '/billing/test-checkout/sim_cs_1': <TestCheckoutScreen id="sim_cs_1" /> }, '/billing/test-checkout/sim_cs_1');
}

afterEach(() => vi.restoreAllMocks());

describe('the TEST checkout page', () => {
  it('says it is a TEST, and shows the product, the price per month and the email', async () => {
    open(http.get(sessionPath, () => HttpResponse.json(testCheckout())));
    expect(screen.getByRole('note')).toHaveTextContent('TEST MODE — no real payment is taken');
    expect(await screen.findByRole('heading', { name: 'Skilly Pro' })).toBeInTheDocument();
    expect(screen.getByTestId('test-checkout-price')).toHaveTextContent('$9.99 / month');
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $9.99' })).toBeEnabled();
  });

  it('pays: Loading... while pending, then the browser goes where the server says', async () => {
    const go = watchBrowser();
    const answer = held();
    let paid = 0;
    open(
      http.get(sessionPath, () => HttpResponse.json(testCheckout())),
      http.post(`${sessionPath}/pay`, async () => {
        paid += 1;
        await answer.wait();
        return HttpResponse.json({ url: '/dashboard?success=true' });
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $9.99' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer.release();
    await waitFor(() => expect(go).toHaveBeenCalledWith('/dashboard?success=true'));
    expect(paid).toBe(1);
  });

  it('"Cancel" goes back to the session\'s cancel address without paying', async () => {
    const go = watchBrowser();
    open(http.get(sessionPath, () => HttpResponse.json(testCheckout({ cancelUrl: '/upsell' }))));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(go).toHaveBeenCalledWith('/upsell');
  });

  it('shows a refused payment with the server\'s message, and Pay comes back', async () => {
    const go = watchBrowser();
    open(
      http.get(sessionPath, () => HttpResponse.json(testCheckout())),
      http.post(`${sessionPath}/pay`, () => HttpResponse.json({ message: 'You already have an active subscription', code: 'already_subscribed' }, { status: 409 })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $9.99' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have an active subscription');
    expect(screen.getByRole('button', { name: 'Pay $9.99' })).toBeEnabled();
    expect(go).not.toHaveBeenCalled();
  });

  it('says so when the session is unknown or another member\'s (404)', async () => {
    open(http.get(sessionPath, () => HttpResponse.json({ message: 'Not found', code: 'not_found' }, { status: 404 })));
    expect(await screen.findByRole('alert')).toHaveTextContent('This checkout session was not found');
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('shows another failure with the server\'s message and Retry', async () => {
    let calls = 0;
    open(
      http.get(sessionPath, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ message: 'Payments are paused' }, { status: 503 }) : HttpResponse.json(testCheckout());
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Payments are paused');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Pay $9.99' })).toBeInTheDocument();
  });

  it('offers to continue when the checkout was already paid', async () => {
    const go = watchBrowser();
    open(http.get(sessionPath, () => HttpResponse.json(testCheckout({ status: 'completed' }))));
    expect(await screen.findByText('This checkout is already paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay $9.99' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(go).toHaveBeenCalledWith('/dashboard?success=true');
  });

  it('treats a payment saved with a 202 (the server still catching up) as paid: the browser goes to the success page', async () => {
    const go = watchBrowser();
    open(
      http.get(sessionPath, () => HttpResponse.json(testCheckout({ successUrl: '/dashboard?success=true' }))),
      http.post(`${sessionPath}/pay`, () => acceptedPending()),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $9.99' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/dashboard?success=true'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment failed')).not.toBeInTheDocument();
  });

  it('brings Pay back when the browser\'s Back button restores the page from its cache', async () => {
    const go = watchBrowser();
    open(
      http.get(sessionPath, () => HttpResponse.json(testCheckout())),
      http.post(`${sessionPath}/pay`, () => HttpResponse.json({ url: '/dashboard?success=true' })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $9.99' }));
    await waitFor(() => expect(go).toHaveBeenCalledOnce());
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();

    pageShow(true);
    expect(await screen.findByRole('button', { name: 'Pay $9.99' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
