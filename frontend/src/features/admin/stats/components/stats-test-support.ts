import { type AdminStatsDto, adminStatsSchema, type ApiCostDto, apiCostSchema } from '@contracts/admin-stats';
import { http, HttpResponse } from 'msw';
import { meHandler, member } from '../../../../test/api';
import { server } from '../../../../test/server';

/** Admin stats bodies for component tests, each checked against the contract the server answers with. */
export const adminStats = (overrides: Partial<AdminStatsDto> = {}): AdminStatsDto =>
  adminStatsSchema.parse({
    paymentsSimulated: false,
    totalRevenue: 1234.5,
    mrr: 99.9,
    revenueThisMonth: 19.98,
    arpu: 0.5,
    totalUsers: 212,
    usersByRole: { pro: 10, free: 190, moderator: 7, admin: 5 },
    proSubscriptions: 10,
    conversionRate: 5,
    churnRate: 12.345,
    totalIdeas: 321,
    ideasToday: 4,
    activePlans: 33,
    plansCreatedToday: 2,
    activeUsers7Days: 41,
    activeUsers30Days: 88,
    newSignupsToday: 3,
    newSignupsThisMonth: 27,
    totalMilestoneRequests: 61,
    totalHelpRequests: 72,
    aiCalls: 5003,
    aiCallsToday: 17,
    aiCallsThisMonth: 402,
    tokensUsed: 1234567,
    supportTicketsOpen: 6,
    supportTicketsResolved: 14,
    blogPostsCount: 8,
    faqsCount: 11,
    usersByCountry: [
      { country: 'GB', count: 120 },
      { country: 'Unknown', count: 92 },
    ],
    daily: [
      { date: '2026-11-24', signups: 2, revenue: 9.99, aiCalls: 10, tokens: 2000 },
      { date: '2026-11-25', signups: 1, revenue: 0, aiCalls: 7, tokens: 1500 },
    ],
    ...overrides,
  });

export const apiCost = (overrides: Partial<ApiCostDto> = {}): ApiCostDto =>
  apiCostSchema.parse({ period: 'all', totalCost: 12.3456, inputTokens: 1000000, outputTokens: 250000, ...overrides });

/**
 * GET /api/admin/stats and /api/admin/api-cost answered per mode and period, every URL asked
 * recorded; and GET /api/admin/actions with none, for the Dashboard tab's recent admin actions.
 */
export function statsApi({ byMode = {}, byPeriod = {} }: { byMode?: Record<string, AdminStatsDto>; byPeriod?: Record<string, ApiCostDto> } = {}) {
  const asked: string[] = [];
  server.use(
    meHandler(member({ role: 'admin' })),
    http.get('/api/admin/stats', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.pathname + url.search);
      return HttpResponse.json(byMode[url.searchParams.get('mode') ?? 'all'] ?? adminStats());
    }),
    http.get('/api/admin/api-cost', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.pathname + url.search);
      const period = url.searchParams.get('period') ?? 'all';
      return HttpResponse.json(byPeriod[period] ?? apiCost({ period: period as ApiCostDto['period'] }));
    }),
    http.get('/api/admin/actions', () => HttpResponse.json([])),
  );
  return { asked };
}
