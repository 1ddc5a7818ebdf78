import { plansResponseSchema } from '@contracts/plans';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { ActionPlans } from './action-plans';
import { PlansScreen } from './plans-screen';
import { detailedMilestone, outline, plan, task } from './plan-test-support';

const portraits = plan(
  [
    detailedMilestone('m1', 0, [task('t1', { completed: 'true' }), task('t2', { completed: 'true' })]),
    detailedMilestone('m2', 1, [task('t3', { completed: 'true' }), task('t4')], {
      freeResources: [{ name: 'YouTube', url: 'https://www.youtube.com' }],
      paidResources: [{ name: 'Domestika', url: 'https://www.domestika.org' }],
    }),
    outline('m3', 2),
  ],
  { createdAt: '2026-11-20T09:00:00.000Z' },
);
const bakery = plan([detailedMilestone('b1', 0, [task('b-t1')])], {
  id: 'plan-2',
  title: 'Sourdough Starter Kits Plan',
  category: 'online',
  status: 'completed',
  createdAt: '2026-11-23T08:00:00.000Z',
});

function answerPlans(plans: unknown[]) {
  server.use(meHandler(member()), http.get('/api/plans', () => HttpResponse.json(plansResponseSchema.parse(plans))));
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest<HTMLElement>('[data-testid="plan-card"]')!;

describe('the plans list', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows each plan with its badges, milestones done, days active, progress and a link to it', async () => {
    answerPlans([portraits, bakery]);
    renderRoutes({ '/plans': <PlansScreen /> }, '/plans');
    await screen.findByRole('heading', { name: 'Pet Portrait Commissions Plan' });

    const first = card('Pet Portrait Commissions Plan');
    expect(within(first).getByText('Fiverr Gigs')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByText(/1\/3 milestones/)).toBeInTheDocument();
    expect(within(first).getByText(/3 days active/)).toBeInTheDocument();
    expect(within(first).getByText('75%')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /View Plan/ })).toHaveAttribute('href', '/plan/plan-1');

    // At most 2 free and 1 paid resource badge (spec §9), from the detailed weeks in order.
    const resources = within(first).getByLabelText('Resources');
    expect(within(resources).getByText('Fiverr Academy')).toBeInTheDocument();
    expect(within(resources).getByText('Canva')).toBeInTheDocument();
    expect(within(resources).queryByText('Unsplash')).not.toBeInTheDocument();
    expect(within(resources).queryByText('YouTube')).not.toBeInTheDocument();
    expect(within(resources).getByText('Skillshare')).toBeInTheDocument();
    expect(within(resources).queryByText('Udemy')).not.toBeInTheDocument();
    expect(within(resources).queryByText('Domestika')).not.toBeInTheDocument();

    const second = card('Sourdough Starter Kits Plan');
    expect(within(second).getByText('Online Business')).toBeInTheDocument();
    expect(within(second).getByText('Completed')).toBeInTheDocument();
    expect(within(second).getByText(/0 days active/)).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Explore More Ideas' })).toHaveAttribute('href', '/ideas');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('invites a member without plans to create the first one from their ideas', async () => {
    answerPlans([]);
    renderRoutes({ '/plans': <PlansScreen /> }, '/plans');
    expect(await screen.findByRole('heading', { name: 'Create Your First Plan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Create Your First Plan/ })).toHaveAttribute('href', '/ideas');
  });

  it('asks a visitor to log in', async () => {
    server.use(meHandler(null));
    renderRoutes({ '/plans': <PlansScreen /> }, '/plans');
    expect(await screen.findByText('Please log in to view your plans')).toBeInTheDocument();
  });
});

describe('the dashboard’s Action Plans', () => {
  it('lists the first 3 plans, each linking to its page', async () => {
    const plans = [1, 2, 3, 4].map((n) => ({ ...portraits, id: `plan-${n}`, title: `Plan number ${n}` }));
    answerPlans(plans);
    renderRoutes({ '/dashboard': <ActionPlans /> }, '/dashboard');
    expect(await screen.findByRole('link', { name: /Plan number 1/ })).toHaveAttribute('href', '/plan/plan-1');
    expect(screen.getAllByTestId('action-plan')).toHaveLength(3);
    expect(screen.queryByText('Plan number 4')).not.toBeInTheDocument();
  });
});
