import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { offer, offerHandler } from '../features/billing/components/billing-test-support';
import { meHandler, member } from '../test/api';
import { renderRoutes } from '../test/render';
import { server } from '../test/server';
import UpsellPage from './upsell';

const routes = { '/upsell': <UpsellPage />, '/dashboard': <h1>Dashboard</h1>, '/auth': <h1>Sign up</h1> };

describe('/upsell', () => {
  it('sends a visitor to sign up, coming back here afterwards', async () => {
    server.use(meHandler(null));
    renderRoutes(routes, '/upsell');
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/auth?tab=signup&redirect=/upsell');
  });

  it('sends a pro member to the dashboard', async () => {
    server.use(meHandler(member({ role: 'pro' })));
    renderRoutes(routes, '/upsell');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('shows a free member the upgrade page', async () => {
    server.use(meHandler(member()), offerHandler(offer()));
    renderRoutes(routes, '/upsell');
    expect(await screen.findByRole('heading', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(await screen.findByTestId('offer-countdown')).toBeInTheDocument();
  });
});
