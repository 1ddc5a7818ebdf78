import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { held, watchBrowser } from './billing-test-support';
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
      http.post(portalPath, async () => {
        await answer.wait();
        return HttpResponse.json({ url: 'https://billing.stripe.com/p/session/test_1' });
      }),
    );
    renderRoutes({ '/profile': <AccountType role="pro" /> }, '/profile');
    expect(screen.getByRole('textbox', { name: 'Account Type' })).toHaveValue('Pro');
    await userEvent.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    answer.release();
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'));
  });

  it('logs a portal failure only: no message for the member, and the button comes back (spec §8)', async () => {
    const go = watchBrowser();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      meHandler(member({ role: 'pro' })),
      http.post(portalPath, () => HttpResponse.json({ message: 'No billing account' }, { status: 409 })),
    );
    renderRoutes({ '/profile': <AccountType role="pro" /> }, '/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(await screen.findByRole('button', { name: 'Manage Subscription' })).toBeEnabled();
    expect(screen.queryByText('No billing account')).not.toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });
});
