import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { StatsTab } from './stats-tab';
import { adminStats, apiCost, statsApi } from './stats-test-support';

const renderTab = () => renderRoutes({ '/dashboard': <StatsTab /> }, '/dashboard?tab=dashboard');
const figure = (group: string, label: string) =>
  within(screen.getByRole('group', { name: group }))
    .getByText(label)
    .closest('[data-testid="stat-card"]')!;

afterEach(() => vi.restoreAllMocks());

describe('the admin Dashboard (stats) tab', () => {
  it('shows every figure: money to 2 decimals, rates with %, counts grouped', async () => {
    statsApi();
    renderTab();
    expect(await screen.findByText('Total revenue')).toBeInTheDocument();
    expect(figure('Revenue', 'Total revenue')).toHaveTextContent('$1,234.50');
    expect(figure('Revenue', 'MRR')).toHaveTextContent('$99.90');
    expect(figure('Revenue', 'Revenue this month')).toHaveTextContent('$19.98');
    expect(figure('Revenue', 'ARPU')).toHaveTextContent('$0.50');
    expect(figure('Members', 'Total users')).toHaveTextContent('212');
    expect(figure('Members', 'Free users')).toHaveTextContent('190');
    expect(figure('Members', 'Pro users')).toHaveTextContent('10');
    expect(figure('Members', 'Moderators')).toHaveTextContent('7');
    expect(figure('Members', 'Admins')).toHaveTextContent('5');
    expect(figure('Members', 'Pro subscriptions')).toHaveTextContent('10');
    expect(figure('Members', 'Conversion rate')).toHaveTextContent('5.0%');
    expect(figure('Members', 'Churn rate')).toHaveTextContent('12.3%');
    expect(figure('Activity', 'Active users (7 days)')).toHaveTextContent('41');
    expect(figure('Activity', 'Active users (30 days)')).toHaveTextContent('88');
    expect(figure('Activity', 'New signups today')).toHaveTextContent('3');
    expect(figure('Activity', 'New signups this month')).toHaveTextContent('27');
    expect(figure('Ideas and plans', 'Total ideas')).toHaveTextContent('321');
    expect(figure('Ideas and plans', 'Ideas today')).toHaveTextContent('4');
    expect(figure('Ideas and plans', 'Active plans')).toHaveTextContent('33');
    expect(figure('Ideas and plans', 'Plans created today')).toHaveTextContent('2');
    expect(figure('Ideas and plans', 'Milestone requests')).toHaveTextContent('61');
    expect(figure('Ideas and plans', 'Help requests')).toHaveTextContent('72');
    expect(figure('AI usage', 'AI calls')).toHaveTextContent('5,003');
    expect(figure('AI usage', 'AI calls today')).toHaveTextContent('17');
    expect(figure('AI usage', 'AI calls this month')).toHaveTextContent('402');
    expect(figure('AI usage', 'Tokens used')).toHaveTextContent('1,234,567');
    expect(figure('Support and content', 'Open support tickets')).toHaveTextContent('6');
    expect(figure('Support and content', 'Resolved support tickets')).toHaveTextContent('14');
    expect(figure('Support and content', 'Blog posts')).toHaveTextContent('8');
    expect(figure('Support and content', 'FAQs')).toHaveTextContent('11');

    const countries = within(screen.getByRole('table', { name: 'Users by country' }));
    expect(countries.getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['GB120', 'Unknown92']);

    // The last 30 days as four charts, each named with its total.
    expect(screen.getByRole('img', { name: 'Signups, last 30 days: 3 in all' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Revenue, last 30 days: $9.99 in all' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'AI calls, last 30 days: 17 in all' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Tokens, last 30 days: 3,500 in all' })).toBeInTheDocument();
  });

  it('says beside the revenue that payments are simulated when the server runs the simulated checkout, and not otherwise', async () => {
    statsApi({ byMode: { all: adminStats({ paymentsSimulated: true }), live: adminStats() } });
    renderTab();
    expect(await screen.findByTestId('payments-simulated')).toHaveTextContent('Payments are simulated');
    await userEvent.click(screen.getByRole('radio', { name: 'Live' }));
    await waitFor(() => expect(screen.queryByTestId('payments-simulated')).not.toBeInTheDocument());
  });

  it('switches the revenue between All, Live and Test payments', async () => {
    const api = statsApi({ byMode: { live: adminStats({ totalRevenue: 0 }), test: adminStats({ totalRevenue: 42 }) } });
    renderTab();
    await screen.findByText('$1,234.50');
    expect(api.asked).toContain('/api/admin/stats?mode=all');
    await userEvent.click(screen.getByRole('radio', { name: 'Live' }));
    await waitFor(() => expect(figure('Revenue', 'Total revenue')).toHaveTextContent('$0.00'));
    await userEvent.click(screen.getByRole('radio', { name: 'Test' }));
    await waitFor(() => expect(figure('Revenue', 'Total revenue')).toHaveTextContent('$42.00'));
    expect(api.asked).toEqual(expect.arrayContaining(['/api/admin/stats?mode=live', '/api/admin/stats?mode=test']));
  });

  it('shows the API cost of all time or of this month', async () => {
    const api = statsApi({ byPeriod: { month: apiCost({ period: 'month', totalCost: 1.5, inputTokens: 1200, outputTokens: 300 }) } });
    renderTab();
    const cost = () => within(screen.getByRole('group', { name: 'API cost' }));
    await waitFor(() => expect(cost().getByText('Total cost').closest('[data-testid="stat-card"]')).toHaveTextContent('$12.35'));
    expect(cost().getByText('Input tokens').closest('[data-testid="stat-card"]')).toHaveTextContent('1,000,000');
    expect(cost().getByText('Output tokens').closest('[data-testid="stat-card"]')).toHaveTextContent('250,000');
    await userEvent.click(screen.getByRole('radio', { name: 'This month' }));
    await waitFor(() => expect(cost().getByText('Total cost').closest('[data-testid="stat-card"]')).toHaveTextContent('$1.50'));
    expect(cost().getByText('Input tokens').closest('[data-testid="stat-card"]')).toHaveTextContent('1,200');
    expect(api.asked).toEqual(expect.arrayContaining(['/api/admin/api-cost?period=all', '/api/admin/api-cost?period=month']));
  });

  it("backfills after a confirmation and reports 'Backfilled N ideas and M plans'; a failure says 'Failed to backfill analytics'", async () => {
    statsApi();
    let posts = 0;
    server.use(
      http.post('/api/admin/backfill-analytics', () => {
        posts += 1;
        return posts === 1 ? HttpResponse.json({ ideasBackfilled: 12, plansBackfilled: 5 }) : HttpResponse.json({ message: 'Busy' }, { status: 503 });
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderTab();
    await screen.findByText('Total revenue');
    await userEvent.click(screen.getByRole('button', { name: 'Backfill analytics' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(posts).toBe(0);

    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Backfill analytics' }));
    expect(await screen.findByText('Backfilled 12 ideas and 5 plans')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Backfill analytics' }));
    expect(await screen.findByText('Failed to backfill analytics: Busy')).toBeInTheDocument();
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
  });

  it("cleans up every member's content only after the browser confirmation and reports what went; a failure says 'Failed to cleanup user content'", async () => {
    statsApi();
    let posts = 0;
    server.use(
      http.post('/api/admin/cleanup-user-content', () => {
        posts += 1;
        return posts === 1 ? HttpResponse.json({ deletedIdeas: 9, deletedPlans: 4, updatedUsers: 3 }) : new HttpResponse(null, { status: 500 });
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderTab();
    await screen.findByText('Total revenue');
    await userEvent.click(screen.getByRole('button', { name: 'Cleanup user content' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(posts).toBe(0);

    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Cleanup user content' }));
    expect(await screen.findByText('Deleted 9 ideas and 4 plans; updated 3 users')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cleanup user content' }));
    expect(await screen.findByText('Failed to cleanup user content')).toBeInTheDocument();
  });

  it('shows a failure with Retry when the figures cannot be loaded', async () => {
    statsApi();
    server.use(http.get('/api/admin/stats', () => HttpResponse.json({ message: 'Database unavailable' }, { status: 503 })));
    renderTab();
    expect(await screen.findByText('Failed to load the figures')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThan(0);
  });
});
