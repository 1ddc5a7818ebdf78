import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { subscription, subscriptionHandler } from '../features/billing/components/billing-test-support';
import { UPGRADE_POLL_LIMIT, UPGRADE_POLL_MS } from '../features/dashboard/components/use-upgrade-arrival';
import { credits, member } from '../test/api';
import { renderRoutes } from '../test/render';
import { server } from '../test/server';
import { UserHome } from './user-home';

/**
 * The member's dashboard on arrival from checkout: the server's member is free until the payment
 * provider's word lands (`state.pro`). The dashboard's other panels are not under test here: their
 * reads answer a failure, which they show on their own.
 */
function arrive(at: string, { pro = false } = {}) {
  const state = { pro };
  server.use(
    http.get('/api/auth/me', () => HttpResponse.json(member({ role: state.pro ? 'pro' : 'free' }))),
    http.get('/api/credits', () => HttpResponse.json(credits({ tier: state.pro ? 'pro' : 'free' }))),
    http.all('/api/*', () => HttpResponse.json({ message: 'Not part of this test' }, { status: 503 })),
  );
  renderRoutes({ '/dashboard': <UserHome /> }, at);
  return state;
}

describe('the dashboard after checkout (?success=true)', () => {
  it('shows the upgrade banner at once, saying the payment is being confirmed, then welcomes the member to Pro', async () => {
    const api = arrive('/dashboard?success=true');
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    expect(screen.getByText(/Your Pro features appear in a moment/)).toBeInTheDocument();
    expect(screen.queryByText('Welcome to Pro!')).not.toBeInTheDocument();

    // The provider's confirmation lands: the dashboard reads the member again and the banner follows.
    api.pro = true;
    expect(await screen.findByText('Welcome to Pro!', {}, { timeout: 6_000 })).toBeInTheDocument();
    expect(screen.getByText(/Your upgrade was successful/)).toBeInTheDocument();
    expect(screen.queryByText('Confirming your payment…')).not.toBeInTheDocument();
  });

  it('welcomes a member who is already Pro at once', async () => {
    arrive('/dashboard?success=true', { pro: true });
    expect(await screen.findByText('Welcome to Pro!')).toBeInTheDocument();
    expect(screen.queryByText('Confirming your payment…')).not.toBeInTheDocument();
  });

  it.each([
    ['while the payment is being confirmed', false],
    ['once the member is Pro', true],
  ])('Dismiss takes the banner away %s, and ?success=true off the address', async (_state, pro) => {
    arrive('/dashboard?success=true', { pro });
    await screen.findByText(pro ? 'Welcome to Pro!' : 'Confirming your payment…');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(/Confirming your payment|Welcome to Pro/)).not.toBeInTheDocument());
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/dashboard$/);
  });

  it('shows no banner on an ordinary visit', async () => {
    arrive('/dashboard', { pro: true });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeInTheDocument();
    expect(screen.queryByText(/Confirming your payment|Welcome to Pro/)).not.toBeInTheDocument();
  });

  it('says what happened when no payment arrives (a hand-typed ?success=true): once the asking gives up, no payment was received, with the ways on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      arrive('/dashboard?success=true');
      expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(UPGRADE_POLL_MS * UPGRADE_POLL_LIMIT);
      expect(screen.getByText('Confirming your payment…')).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(UPGRADE_POLL_MS);
      expect(await screen.findByText('No payment received yet')).toBeInTheDocument();
      expect(screen.queryByText('Confirming your payment…')).not.toBeInTheDocument();
      const banner = within(screen.getByText('No payment received yet').closest<HTMLElement>('.dashboard-notice')!);
      expect(banner.getByText(/still on the Free plan/)).toBeInTheDocument();
      expect(banner.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/upsell');
      expect(banner.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the subscription box', () => {
  it('says "Pro until {date}" under the Pro tier for a cancelled subscription', async () => {
    arrive('/dashboard', { pro: true });
    server.use(subscriptionHandler(subscription({ status: 'cancelling', currentPeriodEnd: '2026-12-22T10:00:00.000Z' })));
    expect(await screen.findByTestId('pro-until')).toHaveTextContent(/^Pro until 22 December 2026$/);
    expect(screen.getByTestId('subscription-tier')).toHaveTextContent('Pro');
  });

  it('shows no end date for a subscription that renews', async () => {
    let reads = 0;
    arrive('/dashboard', { pro: true });
    server.use(
      http.get('/api/billing/subscription', () => {
        reads += 1;
        return HttpResponse.json(subscription({ status: 'active' }));
      }),
    );
    await screen.findByTestId('subscription-tier');
    await waitFor(() => expect(reads).toBe(1));
    expect(screen.queryByTestId('pro-until')).not.toBeInTheDocument();
  });
});
