import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { held, pageShow, subscription, subscriptionHandler, watchBrowser } from './billing-test-support';
import { AccountType } from './account-type';

const portalPath = '/api/stripe/create-portal-session';

afterEach(() => vi.restoreAllMocks());

describe('Account Type and Manage Subscription', () => {
  it('shows a free member their read-only account type and no Manage Subscription', () => {
    server.use(meHandler(member()));
    renderRoutes({ '/profile': <AccountType role="free" /> }, '/profile');
    const field = screen.getByRole('textbox', { name: 'Account Type' });
    expect(field).toHaveValue('Free Forever');
    expect(field).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Manage Subscription' })).not.toBeInTheDocument();
  });

  it('opens the billing portal for a pro member: Loading..., then the browser goes to the portal', async () => {
    const go = watchBrowser();
    const answer = held();
    server.use(
      meHandler(member({ role: 'pro' })),
      subscriptionHandler(subscription({ canManage: true })),
      http.post(portalPath, async () => {
        await answer.wait();
        return HttpResponse.json({ url: 'https://billing.stripe.com/p/session/test_1' });
      }),
    );
    renderRoutes({ '/profile': <AccountType role="pro" /> }, '/profile');
    expect(screen.getByRole('textbox', { name: 'Account Type' })).toHaveValue('Pro');
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Subscription' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    answer.release();
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'));
  });

  it('logs a portal failure only: no message for the member, and the button comes back (spec §8)', async () => {
    const go = watchBrowser();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      meHandler(member({ role: 'pro' })),
      subscriptionHandler(subscription({ canManage: true })),
      http.post(portalPath, () => HttpResponse.json({ message: 'No billing account' }, { status: 409 })),
    );
    renderRoutes({ '/profile': <AccountType role="pro" /> }, '/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Subscription' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(await screen.findByRole('button', { name: 'Manage Subscription' })).toBeEnabled();
    expect(screen.queryByText('No billing account')).not.toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });

  it('says "Pro until {date}" under the Account Type once the subscription is cancelled, and no end date while it renews', async () => {
    server.use(meHandler(member({ role: 'pro' })), subscriptionHandler(subscription({ status: 'cancelling', currentPeriodEnd: '2026-12-22T10:00:00.000Z' })));
    const { unmount } = renderRoutes({ '/profile': <AccountType role="pro" /> }, '/profile');
    expect(await screen.findByTestId('pro-until')).toHaveTextContent(/^Pro until 22 December 2026$/);
    expect(screen.getByRole('textbox', { name: 'Account Type' })).toHaveValue('Pro');
    unmount();

    server.use(subscriptionHandler(subscription({ status: 'active' })));
    renderRoutes({ '/profile': <AccountType role="pro" /> }, '/profile');
    expect(await screen.findByRole('button', { name: 'Manage Subscription' })).toBeInTheDocument();
    expect(screen.queryByTestId('pro-until')).not.toBeInTheDocument();
  });

  it('shows no Manage Subscription to a Pro with nothing to manage (made Pro by an admin: no portal to open)', async () => {
    let subscriptionReads = 0;
    server.use(
      meHandler(member({ role: 'pro' })),
      http.get('/api/billing/subscription', () => {
        subscriptionReads += 1;
        return HttpResponse.json(subscription({ status: 'none', currentPeriodEnd: null, mode: null, canManage: false }));
      }),
    );
    renderRoutes({ '/profile': <AccountType role="pro" /> }, '/profile');
    expect(screen.getByRole('textbox', { name: 'Account Type' })).toHaveValue('Pro');
    await waitFor(() => expect(subscriptionReads).toBe(1));
    // The answer is in: still no button.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Manage Subscription' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Loading...' })).not.toBeInTheDocument();
  });

  it('does not ask for a subscription for staff, and shows them no Manage Subscription', async () => {
    let subscriptionReads = 0;
    server.use(
      meHandler(member({ role: 'admin' })),
      http.get('/api/billing/subscription', () => {
        subscriptionReads += 1;
        return HttpResponse.json({ message: 'Members only' }, { status: 403 });
      }),
    );
    renderRoutes({ '/profile': <AccountType role="admin" /> }, '/profile');
    expect(screen.getByRole('textbox', { name: 'Account Type' })).toHaveValue('Admin');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Manage Subscription' })).not.toBeInTheDocument();
    expect(subscriptionReads).toBe(0);
  });

  it('brings Manage Subscription back when the browser\'s Back button restores the page from its cache', async () => {
    const go = watchBrowser();
    server.use(
      meHandler(member({ role: 'pro' })),
      subscriptionHandler(subscription({ canManage: true })),
      http.post(portalPath, () => HttpResponse.json({ url: 'https://billing.stripe.com/p/session/test_1' })),
    );
    renderRoutes({ '/profile': <AccountType role="pro" /> }, '/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Subscription' }));
    await waitFor(() => expect(go).toHaveBeenCalledOnce());
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();

    pageShow(true);
    expect(await screen.findByRole('button', { name: 'Manage Subscription' })).toBeEnabled();
  });
});
