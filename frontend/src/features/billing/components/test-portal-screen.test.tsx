import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { acceptedPending, pageShow, subscription, testPortal, watchBrowser } from './billing-test-support';
import { TestPortalScreen } from './test-portal-screen';

const sessionPath = '/api/stripe/test-portal/sim_ps_1';

function open(...handlers: Parameters<typeof server.use>) {
  server.use(meHandler(member({ role: 'pro' })), ...handlers);
  return renderRoutes({ '/billing/test-portal/sim_ps_1': <TestPortalScreen id="sim_ps_1" /> }, '/billing/test-portal/sim_ps_1');
}

afterEach(() => vi.restoreAllMocks());

describe('the TEST billing portal', () => {
  it('says it is a TEST and shows an active subscription with its renewal date', async () => {
    open(http.get(sessionPath, () => HttpResponse.json(testPortal())));
    expect(screen.getByRole('note')).toHaveTextContent('TEST MODE — no real payment is taken');
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('Active');
    expect(screen.getByTestId('subscription-period')).toHaveTextContent('Renews on 22 December 2026');
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('cancels: the subscription then reads as ending at the end of the period', async () => {
    let cancelled = false;
    open(
      http.get(sessionPath, () => HttpResponse.json(testPortal({ subscription: subscription({ status: cancelled ? 'cancelling' : 'active' }) }))),
      http.post(`${sessionPath}/cancel-subscription`, () => {
        cancelled = true;
        return HttpResponse.json({ url: '/billing/test-portal/sim_ps_1' });
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(screen.getByTestId('subscription-status')).toHaveTextContent('Cancelled'));
    expect(screen.getByTestId('subscription-period')).toHaveTextContent('Ends on 22 December 2026');
    expect(screen.getByText('Subscription cancelled')).toBeInTheDocument();
    expect(screen.getByText('You keep Pro until the end of the billing period, 22 December 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(cancelled).toBe(true);
  });

  it('"End billing period now" ends the period, then the browser goes where the server says', async () => {
    const go = watchBrowser();
    let ended = 0;
    open(
      http.get(sessionPath, () => HttpResponse.json(testPortal({ subscription: subscription({ status: 'cancelling' }) }))),
      http.post(`${sessionPath}/end-period`, () => {
        ended += 1;
        return HttpResponse.json({ url: '/dashboard' });
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'End billing period now' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/dashboard'));
    expect(ended).toBe(1);
  });

  it('"Return to Skilly" goes to the return address', async () => {
    const go = watchBrowser();
    open(http.get(sessionPath, () => HttpResponse.json(testPortal({ returnUrl: '/profile' }))));
    await userEvent.click(await screen.findByRole('button', { name: 'Return to Skilly' }));
    expect(go).toHaveBeenCalledWith('/profile');
  });

  it('shows a refused cancellation with the server\'s message', async () => {
    open(
      http.get(sessionPath, () => HttpResponse.json(testPortal())),
      http.post(`${sessionPath}/cancel-subscription`, () => HttpResponse.json({ message: 'The subscription has already ended' }, { status: 409 })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The subscription has already ended');
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeEnabled();
  });

  it('offers nothing to cancel on an ended subscription', async () => {
    open(http.get(sessionPath, () => HttpResponse.json(testPortal({ subscription: subscription({ status: 'ended', currentPeriodEnd: null }) }))));
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('Ended');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End billing period now' })).not.toBeInTheDocument();
  });

  it('says so when the session is unknown or another member\'s (404)', async () => {
    open(http.get(sessionPath, () => HttpResponse.json({ message: 'Not found' }, { status: 404 })));
    expect(await screen.findByRole('alert')).toHaveTextContent('This billing portal session was not found');
  });

  it('treats a cancellation saved with a 202 as done: the portal is read again and shows it ending', async () => {
    let cancelled = false;
    let reads = 0;
    open(
      http.get(sessionPath, () => {
        reads += 1;
        return HttpResponse.json(testPortal({ subscription: subscription({ status: cancelled ? 'cancelling' : 'active' }) }));
      }),
      http.post(`${sessionPath}/cancel-subscription`, () => {
        cancelled = true;
        return acceptedPending();
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(screen.getByTestId('subscription-status')).toHaveTextContent('Cancelled'));
    expect(reads).toBe(2);
    expect(screen.getByText('Subscription cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('treats an end of period saved with a 202 as done: the browser goes to the return address', async () => {
    const go = watchBrowser();
    open(
      http.get(sessionPath, () => HttpResponse.json(testPortal({ returnUrl: '/profile', subscription: subscription({ status: 'cancelling' }) }))),
      http.post(`${sessionPath}/end-period`, () => acceptedPending()),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'End billing period now' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/profile'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('brings the buttons back when the browser\'s Back button restores the page after ending the period', async () => {
    const go = watchBrowser();
    open(
      http.get(sessionPath, () => HttpResponse.json(testPortal({ subscription: subscription({ status: 'cancelling' }) }))),
      http.post(`${sessionPath}/end-period`, () => HttpResponse.json({ url: '/dashboard' })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'End billing period now' }));
    await waitFor(() => expect(go).toHaveBeenCalledOnce());
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();

    pageShow(true);
    expect(await screen.findByRole('button', { name: 'End billing period now' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Return to Skilly' })).toBeEnabled();
  });
});
