import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { LimitNotice } from './limit-notice';
import { SubscriptionBox } from './subscription-box';

describe('the limit message', () => {
  it('tells a free member their ideas are used up and offers the upgrade', async () => {
    server.use(meHandler(member()));
    const dismiss = vi.fn();
    renderRoutes({ '/dashboard': <LimitNotice code="idea_limit" onDismiss={dismiss} />, '/upsell': <h1>Go Pro</h1> }, '/dashboard');
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Idea limit reached');
    expect(notice).toHaveTextContent("You've used all your free idea generations for this month. Upgrade to Pro for more every month.");

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(dismiss).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('link', { name: 'Upgrade to Pro' }));
    expect(await screen.findByRole('heading', { name: 'Go Pro' })).toBeInTheDocument();
  });

  it('tells a pro member to wait for the reset, without an upgrade', () => {
    server.use(meHandler(member({ role: 'pro' })));
    renderRoutes({ '/dashboard': <LimitNotice code="plan_limit_pro" onDismiss={() => {}} /> }, '/dashboard');
    expect(screen.getByRole('alert')).toHaveTextContent("Plan limit reachedYou've used all your Pro plans for this month. Your credits reset next month.");
    expect(screen.queryByRole('link', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
  });
});

describe('the subscription box', () => {
  it('offers a free member the upgrade', () => {
    server.use(meHandler(member()));
    renderRoutes({ '/dashboard': <SubscriptionBox user={member()} /> }, '/dashboard');
    expect(screen.getByTestId('subscription-tier')).toHaveTextContent('Free Forever');
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toBeInTheDocument();
  });

  it('thanks a pro member and offers no upgrade', () => {
    server.use(meHandler(member({ role: 'pro' })));
    renderRoutes({ '/dashboard': <SubscriptionBox user={member({ role: 'pro' })} /> }, '/dashboard');
    expect(screen.getByTestId('subscription-tier')).toHaveTextContent('Pro');
    expect(screen.getByText('Thank you for being Pro.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
  });
});
