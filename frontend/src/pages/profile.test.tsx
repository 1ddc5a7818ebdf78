import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountApi, profile } from '../features/account/components/account-test-support';
import { subscription, subscriptionHandler } from '../features/billing/components/billing-test-support';
import { renderRoutes } from '../test/render';
import { server } from '../test/server';
import ProfilePage from './profile';

describe('/profile', () => {
  it('shows a free member the profile form with their read-only Account Type in it', async () => {
    server.use(...accountApi().handlers);
    renderRoutes({ '/profile': <ProfilePage /> }, '/profile');
    const form = await screen.findByRole('form', { name: 'Profile' });
    const accountType = within(form).getByRole('textbox', { name: 'Account Type' });
    expect(accountType).toHaveValue('Free Forever');
    expect(accountType).toHaveAttribute('readonly');
    expect(within(form).queryByRole('button', { name: 'Manage Subscription' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('offers a Pro member Manage Subscription beside the Account Type', async () => {
    server.use(...accountApi({ user: { role: 'pro' } }).handlers, subscriptionHandler(subscription({ canManage: true })));
    renderRoutes({ '/profile': <ProfilePage /> }, '/profile');
    const form = await screen.findByRole('form', { name: 'Profile' });
    expect(within(form).getByRole('textbox', { name: 'Account Type' })).toHaveValue('Pro');
    expect(await within(form).findByRole('button', { name: 'Manage Subscription' })).toBeInTheDocument();
  });

  it('hides Change Password from a member who signs in with Google', async () => {
    server.use(...accountApi({ profile: profile({ googleId: 'google-42' }) }).handlers);
    renderRoutes({ '/profile': <ProfilePage /> }, '/profile');
    await screen.findByRole('form', { name: 'Profile' });
    expect(screen.queryByRole('form', { name: 'Change Password' })).not.toBeInTheDocument();
  });
});
