import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offer, offerHandler, watchBrowser } from '../features/billing/components/billing-test-support';
import { meHandler, member } from '../test/api';
import { renderRoutes } from '../test/render';
import { server } from '../test/server';
import UpsellPage from './upsell';

const routes = { '/upsell': <UpsellPage />, '/dashboard': <h1>Dashboard</h1>, '/auth': <h1>Sign up</h1> };

afterEach(() => vi.restoreAllMocks());

describe('/upsell', () => {
  it('sends a visitor to sign up, coming back here afterwards', async () => {
    server.use(meHandler(null));
    renderRoutes(routes, '/upsell');
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/auth?tab=signup&redirect=/upsell');
  });

  // Spec §6: the upsell is "not shown" to staff (the server refuses their checkout).
  it.each(['pro', 'moderator', 'admin'] as const)('sends a %s to the dashboard', async (role) => {
    server.use(meHandler(member({ role })));
    renderRoutes(routes, '/upsell');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
  });

  it('shows a free member the upgrade page', async () => {
    server.use(meHandler(member()), offerHandler(offer()));
    renderRoutes(routes, '/upsell');
    expect(await screen.findByRole('heading', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(await screen.findByTestId('offer-countdown')).toBeInTheDocument();
  });

  it('on a 409 "already subscribed" says so and reads the member again: one who is Pro by now goes to the dashboard', async () => {
    const go = watchBrowser();
    // The member's upgrade landed in another tab: this one still believes they are free.
    let role: 'free' | 'pro' = 'free';
    server.use(
      http.get('/api/auth/me', () => HttpResponse.json(member({ role }))),
      offerHandler(offer()),
      http.post('/api/stripe/create-checkout-session', () => {
        role = 'pro';
        return HttpResponse.json({ message: 'You already have an active Pro subscription', code: 'conflict' }, { status: 409 });
      }),
    );
    renderRoutes(routes, '/upsell');
    await userEvent.click(await screen.findByRole('button', { name: 'Get Started with Pro' }));

    expect(await screen.findByText('You already have an active Pro subscription')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });
});
