import './stats-tab.css';
import { Button, Callout, Card, Classes, HTMLTable, NonIdealState, SegmentedControl } from '@blueprintjs/core';
import { type AdminStatsDto, apiCostPeriods, statsModes } from '@contracts/admin-stats';
import { useState } from 'react';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { errorMessage } from '../../../../lib/api-client';
import { StatCard, StatCards } from '../../components/stat-card';
import { useBackfillAnalytics } from '../api/backfill-analytics';
import { useCleanupUserContent } from '../api/cleanup-user-content';
import { type ApiCostPeriod, useApiCost } from '../api/get-api-cost';
import { type StatsMode, useAdminStats } from '../api/get-stats';
import { cost as usd, money, StatsCharts } from './stats-charts';

const whole = (value: number) => value.toLocaleString('en-US');
const rate = (value: number) => `${value.toFixed(1)}%`;

const modeLabels: Record<StatsMode, string> = { all: 'All', live: 'Live', test: 'Test' };
const periodLabels: Record<ApiCostPeriod, string> = { all: 'All time', month: 'This month' };

type Figure = { label: string; value: (stats: AdminStatsDto) => string };
/** Every figure of the admin stats, grouped as the spec lists them. */
const groups: { title: string; figures: Figure[] }[] = [
  {
    title: 'Revenue',
    figures: [
      { label: 'Total revenue', value: (s) => money(s.totalRevenue) },
      { label: 'MRR', value: (s) => money(s.mrr) },
      { label: 'Revenue this month', value: (s) => money(s.revenueThisMonth) },
      { label: 'ARPU', value: (s) => money(s.arpu) },
    ],
  },
  {
    title: 'Members',
    figures: [
      { label: 'Total users', value: (s) => whole(s.totalUsers) },
      { label: 'Free users', value: (s) => whole(s.usersByRole.free) },
      { label: 'Pro users', value: (s) => whole(s.usersByRole.pro) },
      { label: 'Moderators', value: (s) => whole(s.usersByRole.moderator) },
      { label: 'Admins', value: (s) => whole(s.usersByRole.admin) },
      { label: 'Pro subscriptions', value: (s) => whole(s.proSubscriptions) },
      { label: 'Conversion rate', value: (s) => rate(s.conversionRate) },
      { label: 'Churn rate', value: (s) => rate(s.churnRate) },
    ],
  },
  {
    title: 'Activity',
    figures: [
      { label: 'Active users (7 days)', value: (s) => whole(s.activeUsers7Days) },
      { label: 'Active users (30 days)', value: (s) => whole(s.activeUsers30Days) },
      { label: 'New signups today', value: (s) => whole(s.newSignupsToday) },
      { label: 'New signups this month', value: (s) => whole(s.newSignupsThisMonth) },
    ],
  },
  {
    title: 'Ideas and plans',
    figures: [
      { label: 'Total ideas', value: (s) => whole(s.totalIdeas) },
      { label: 'Ideas today', value: (s) => whole(s.ideasToday) },
      { label: 'Active plans', value: (s) => whole(s.activePlans) },
      { label: 'Plans created today', value: (s) => whole(s.plansCreatedToday) },
      { label: 'Milestone requests', value: (s) => whole(s.totalMilestoneRequests) },
      { label: 'Help requests', value: (s) => whole(s.totalHelpRequests) },
    ],
  },
  {
    title: 'AI usage',
    figures: [
      { label: 'AI calls', value: (s) => whole(s.aiCalls) },
      { label: 'AI calls today', value: (s) => whole(s.aiCallsToday) },
      { label: 'AI calls this month', value: (s) => whole(s.aiCallsThisMonth) },
      { label: 'Tokens used', value: (s) => whole(s.tokensUsed) },
    ],
  },
  {
    title: 'Support and content',
    figures: [
      { label: 'Open support tickets', value: (s) => whole(s.supportTicketsOpen) },
      { label: 'Resolved support tickets', value: (s) => whole(s.supportTicketsResolved) },
      { label: 'Blog posts', value: (s) => whole(s.blogPostsCount) },
      { label: 'FAQs', value: (s) => whole(s.faqsCount) },
    ],
  },
];

function UsersByCountry({ countries }: { countries: AdminStatsDto['usersByCountry'] }) {
  return (
    <Card className="stats-countries" elevation={1}>
      <h4>Users by country</h4>
      {countries.length === 0 ? (
        <p className="muted">No members yet</p>
      ) : (
        <div className="stats-table-scroll">
          <HTMLTable compact striped aria-label="Users by country">
            <thead>
              <tr>
                <th scope="col">Country</th>
                <th scope="col">Users</th>
              </tr>
            </thead>
            <tbody>
              {countries.map(({ country, count }) => (
                <tr key={country}>
                  <td>{country}</td>
                  <td>{whole(count)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </Card>
  );
}

function ApiCostPanel() {
  const [period, setPeriod] = useState<ApiCostPeriod>('all');
  const cost = useApiCost(period);
  let body;
  if (cost.isPending) body = <div className={`${Classes.SKELETON} stats-skeleton-small`} data-testid="api-cost-loading" />;
  else if (cost.isError)
    body = <LoadFailure title="Failed to load the API cost" description={errorMessage(cost.error, 'Failed to load the API cost')} query={cost} primary={false} />;
  else
    body = (
      <StatCards label="API cost">
        <StatCard label="Total cost" value={usd(cost.data.totalCost)} />
        <StatCard label="Input tokens" value={whole(cost.data.inputTokens)} />
        <StatCard label="Output tokens" value={whole(cost.data.outputTokens)} />
      </StatCards>
    );
  return (
    <section className="stats-group" aria-labelledby="stats-api-cost-title">
      <div className="stats-head">
        <h3 id="stats-api-cost-title">API cost</h3>
        <SegmentedControl
          aria-label="API cost period"
          size="small"
          options={apiCostPeriods.map((value) => ({ label: periodLabels[value], value }))}
          value={period}
          onValueChange={(value) => setPeriod(value as ApiCostPeriod)}
        />
      </div>
      {body}
    </section>
  );
}

function MaintenanceActions() {
  const backfill = useBackfillAnalytics();
  const cleanup = useCleanupUserContent();
  return (
    <section className="stats-group" aria-labelledby="stats-maintenance-title">
      <h3 id="stats-maintenance-title">Maintenance</h3>
      <div className="stats-actions">
        <Button
          icon="refresh"
          text="Backfill analytics"
          loading={backfill.isPending}
          onClick={() => {
            if (window.confirm('Rebuild the analytics from the event log?')) backfill.mutate();
          }}
        />
        <Button
          icon="trash"
          intent="danger"
          text="Cleanup user content"
          loading={cleanup.isPending}
          onClick={() => {
            if (window.confirm("Delete every member's ideas and plans? You can undo this for 30 days.")) cleanup.mutate();
          }}
        />
      </div>
    </section>
  );
}

/**
 * Back-office §2 Dashboard (stats) tab: every platform figure (revenue counting All, Live or
 * Test payments), the last 30 days as charts, users by country, the API cost of all time or this
 * month, and the analytics backfill and user content cleanup actions.
 */
export function StatsTab() {
  const [mode, setMode] = useState<StatsMode>('all');
  const stats = useAdminStats(mode);

  let body;
  if (stats.isPending) body = <div className={`${Classes.SKELETON} stats-skeleton`} data-testid="stats-loading" />;
  else if (stats.isError)
    body = <LoadFailure title="Failed to load the figures" description={errorMessage(stats.error, 'Failed to load the figures')} query={stats} />;
  else
    body = (
      <>
        {stats.data.paymentsSimulated ? (
          <Callout intent="warning" title="Payments are simulated" data-testid="payments-simulated">
            This server has no Stripe settings (PAYMENTS_SIMULATED): its revenue figures are TEST checkouts nobody was charged for.
          </Callout>
        ) : null}
        {groups.map(({ title, figures }) => (
          <section key={title} className="stats-group" aria-label={title}>
            <h3>{title}</h3>
            <StatCards label={title}>
              {figures.map(({ label, value }) => (
                <StatCard key={label} label={label} value={value(stats.data)} />
              ))}
            </StatCards>
          </section>
        ))}
        {stats.data.daily.length === 0 ? <NonIdealState icon="timeline-line-chart" title="No activity in the last 30 days" /> : <StatsCharts daily={stats.data.daily} />}
        <UsersByCountry countries={stats.data.usersByCountry} />
      </>
    );

  return (
    <div className="stats-tab">
      <div className="stats-head">
        <h2>Platform figures</h2>
        <SegmentedControl
          aria-label="Revenue from"
          options={statsModes.map((value) => ({ label: modeLabels[value], value }))}
          value={mode}
          onValueChange={(value) => setMode(value as StatsMode)}
        />
      </div>
      {body}
      <ApiCostPanel />
      <MaintenanceActions />
    </div>
  );
}
