import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import type { AdminTab } from '../admin-tabs';
import { statsApi } from '../stats/components/stats-test-support';
import { AdminDashboard } from './admin-dashboard';

const admin = () => meHandler(member({ role: 'admin' }));

/** Stand-in tabs, listed out of §2's order, each panel its own lazily loaded module. */
const fakeTabs: AdminTab[] = [
  { value: 'support', panel: lazy(async () => ({ default: () => <p>Support panel</p> })) },
  { value: 'faqs', panel: lazy(async () => ({ default: () => <p>FAQs panel</p> })) },
  { value: 'dashboard', panel: lazy(async () => ({ default: () => <p>Stats panel</p> })) },
];

const tabNames = () => within(screen.getByRole('tablist')).getAllByRole('tab').map((tab) => tab.textContent);
const currentPath = () => screen.getByTestId('current-path').textContent;

describe('the admin dashboard', () => {
  it('shows only the tabs that have landed (Dashboard, Members, Billing, Support, Emails) and opens the first in §2 order', async () => {
    statsApi();
    server.use(
      http.get('/api/admin/stripe-payments', () => HttpResponse.json([])),
      http.get('/api/admin/support-tickets', () => HttpResponse.json([])),
    );
    renderRoutes({ '/dashboard': <AdminDashboard /> }, '/dashboard');

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Dashboard', 'Model', 'Skilly AI', 'Platforms', 'Members', 'Billing', 'FAQs', 'Blog', 'Support', 'Emails', 'Skilly Prompts']);
    expect(screen.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Platform figures')).toBeInTheDocument();
    // Issue 53: the Dashboard tab ends with the recent admin actions.
    expect(await within(screen.getByRole('region', { name: 'Recent admin actions' })).findByText('No admin actions yet')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Billing' }));
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Support' }));
    expect(await screen.findByText('No support tickets yet')).toBeInTheDocument();
  });

  it('orders the tabs as §2 does, with its labels, and opens the one the URL names', async () => {
    server.use(admin());
    renderRoutes({ '/dashboard': <AdminDashboard tabs={fakeTabs} /> }, '/dashboard?tab=faqs');

    expect(await screen.findByText('FAQs panel')).toBeInTheDocument();
    expect(tabNames()).toEqual(['Dashboard', 'FAQs', 'Support']);
    expect(screen.getByRole('tab', { name: 'FAQs' })).toHaveAttribute('aria-selected', 'true');
    // Only the open tab's panel is loaded.
    expect(screen.queryByText('Support panel')).not.toBeInTheDocument();
    expect(screen.queryByText('Stats panel')).not.toBeInTheDocument();
  });

  it('keeps the selected tab in the URL', async () => {
    server.use(admin());
    renderRoutes({ '/dashboard': <AdminDashboard tabs={fakeTabs} /> }, '/dashboard?tab=faqs&other=kept');
    await screen.findByText('FAQs panel');

    await userEvent.click(screen.getByRole('tab', { name: 'Support' }));
    expect(await screen.findByText('Support panel')).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard?tab=support&other=kept');
    expect(screen.queryByText('FAQs panel')).not.toBeInTheDocument();
  });

  it('opens the first tab when the URL names none, or one that does not exist yet', async () => {
    server.use(admin());
    const first = renderRoutes({ '/dashboard': <AdminDashboard tabs={fakeTabs} /> }, '/dashboard');
    expect(await screen.findByText('Stats panel')).toBeInTheDocument();
    first.unmount();

    renderRoutes({ '/dashboard': <AdminDashboard tabs={fakeTabs} /> }, '/dashboard?tab=billing');
    expect(await screen.findByText('Stats panel')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Billing' })).not.toBeInTheDocument();
  });
});
