import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStatsDto } from '../../backend/application/contracts/admin-stats';
import { starterFaqs } from '../../backend/application/content/starter-content';
import type { RecordedEvent } from '../../backend/application/ports/event-store';
import { toMajorUnits } from '../../backend/domain/billing/currency';
import { staffMember } from '../support/member-data';
import { MovableClock } from '../support/movable-clock';
import { Client, everyEvent, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * The admin Dashboard tab (back-office §2, §3, §7; issue 32): after a scripted history through
 * the HTTP API, spread over days and months with the movable clock, every figure of
 * GET /api/admin/stats and GET /api/admin/api-cost equals the same figure computed here, straight
 * from the event store (not from any read model); the backfill restores emptied tables.
 */

const clock = new MovableClock();
let t: TestApp;
let admin: Awaited<ReturnType<typeof staffMember>>;
let moderator: Awaited<ReturnType<typeof staffMember>>;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  admin = await staffMember(t, 'admin');
  moderator = await staffMember(t, 'moderator');
}, 60_000);
afterAll(async () => t?.close());

const allEvents = () => everyEvent(t);

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
const monthlyOf = (amount: number, interval: string | null) => (interval === 'year' ? amount / 12 : amount);

/** Every figure of the contract, computed from the events alone. */
function expectedStats(events: RecordedEvent[], now: Date, mode: 'all' | 'live' | 'test') {
  const today = dayOf(now);
  const month = today.slice(0, 7);
  const last30 = Array.from({ length: 30 }, (_, i) => dayOf(new Date(now.getTime() - (29 - i) * DAY_MS)));
  const counts = (m: string) => mode === 'all' || mode === m;
  const members = new Map<string, { role: string; country: string | null; deleted: boolean }>();
  const actedOn = new Map<string, Set<string>>();
  const plans = new Map<string, boolean>();
  const tickets = new Map<string, string>();
  const subscriptions = new Map<string, { mode: string; live: boolean; endedAt: Date | null; monthly: number }>();
  const payments: { day: string; mode: string; amount: number }[] = [];
  const ai: { day: string; input: number; output: number }[] = [];
  let ideas: string[] = [];
  let plansCreated: string[] = [];
  const signups: string[] = [];
  let milestones = 0;
  let helps = 0;
  for (const e of events) {
    const d = e.data as Record<string, any>;
    const day = dayOf(e.occurredAt);
    const ownId = e.streamName.slice(e.streamName.indexOf('-') + 1);
    switch (e.type) {
      case 'UserRegistered':
        members.set(d.userId, { role: d.role, country: null, deleted: false });
        signups.push(day);
        break;
      case 'UserProfileUpdated':
        members.get(ownId)!.country = d.country;
        break;
      case 'UserRoleChanged':
        members.get(ownId)!.role = d.to;
        break;
      case 'UserDeleted':
        members.get(ownId)!.deleted = true;
        break;
      case 'IdeaSetCreated':
        ideas = [...ideas, day];
        break;
      case 'PlanCreated':
        plans.set(d.planId, true);
        plansCreated = [...plansCreated, day];
        break;
      case 'PlanCompleted':
        plans.set(ownId, false);
        break;
      case 'TaskAdded':
      case 'TaskReopened':
        if (plans.has(ownId)) plans.set(ownId, true);
        break;
      case 'CreditConsumed':
      case 'CreditRefunded': {
        const by = e.type === 'CreditConsumed' ? 1 : -1;
        if (d.kind === 'milestone') milestones += by;
        if (d.kind === 'help') helps += by;
        break;
      }
      case 'TicketOpened':
        tickets.set(d.ticketId, 'pending');
        break;
      case 'TicketStatusChanged':
        tickets.set(d.ticketId, d.to);
        break;
      case 'TicketDeleted':
        tickets.delete(d.ticketId);
        break;
      case 'SubscriptionActivated': {
        const known = subscriptions.get(d.subscriptionId);
        subscriptions.set(d.subscriptionId, { mode: d.mode, live: true, endedAt: null, monthly: known?.monthly ?? 0 });
        break;
      }
      case 'SubscriptionEnded':
        subscriptions.set(d.subscriptionId, { ...subscriptions.get(d.subscriptionId)!, live: false, endedAt: new Date(d.endedAt) });
        break;
      case 'PaymentRecorded':
        if (d.payment.status === 'paid') {
          // Events carry the currency's minor unit; the stats answer major units.
          const amount = toMajorUnits(d.payment.amount, d.payment.currency);
          payments.push({ day, mode: d.payment.mode, amount });
          const subscription = subscriptions.get(d.payment.subscriptionId);
          if (subscription) subscription.monthly = monthlyOf(amount, d.payment.interval);
        }
        break;
      case 'AiCallRecorded':
        ai.push({ day, input: d.inputTokens, output: d.outputTokens });
        break;
    }
    if (e.actor.kind === 'user') {
      if (!actedOn.has(e.actor.userId)) actedOn.set(e.actor.userId, new Set());
      actedOn.get(e.actor.userId)!.add(day);
    }
  }
  const existing = [...members].filter(([, m]) => !m.deleted);
  const byRole = (role: string) => existing.filter(([, m]) => m.role === role).length;
  const usersByRole = { pro: byRole('pro'), free: byRole('free'), moderator: byRole('moderator'), admin: byRole('admin') };
  const live = [...subscriptions.values()].filter((s) => s.live);
  const mrr = round(live.filter((s) => counts(s.mode)).reduce((sum, s) => sum + s.monthly, 0), 2);
  const endedLately = [...subscriptions.values()].filter((s) => s.endedAt && s.endedAt.getTime() >= now.getTime() - 30 * DAY_MS).length;
  const revenue = (filter: (p: { day: string }) => boolean) =>
    round(payments.filter((p) => counts(p.mode) && filter(p)).reduce((sum, p) => sum + p.amount, 0), 2);
  const activeSince = (from: string) =>
    existing.filter(([id]) => [...(actedOn.get(id) ?? [])].some((day) => day >= from && day <= today)).length;
  const countries = new Map<string, number>();
  for (const [, m] of existing) countries.set(m.country ?? 'Unknown', (countries.get(m.country ?? 'Unknown') ?? 0) + 1);
  const paying = usersByRole.free + usersByRole.pro;
  const sumTokens = (calls: typeof ai) => calls.reduce((sum, c) => sum + c.input + c.output, 0);
  const stats: AdminStatsDto = {
    // The test app runs without Stripe settings: its payments are the simulated checkout's.
    paymentsSimulated: true,
    totalRevenue: revenue(() => true),
    mrr,
    revenueThisMonth: revenue((p) => p.day.startsWith(month)),
    arpu: paying === 0 ? 0 : round(mrr / paying, 2),
    totalUsers: existing.length,
    usersByRole,
    proSubscriptions: live.length,
    conversionRate: paying === 0 ? 0 : round((100 * usersByRole.pro) / paying, 1),
    churnRate: live.length + endedLately === 0 ? 0 : round((100 * endedLately) / (live.length + endedLately), 1),
    totalIdeas: ideas.length,
    ideasToday: ideas.filter((day) => day === today).length,
    activePlans: [...plans.values()].filter(Boolean).length,
    plansCreatedToday: plansCreated.filter((day) => day === today).length,
    activeUsers7Days: activeSince(last30[23]),
    activeUsers30Days: activeSince(last30[0]),
    newSignupsToday: signups.filter((day) => day === today).length,
    newSignupsThisMonth: signups.filter((day) => day.startsWith(month)).length,
    totalMilestoneRequests: milestones,
    totalHelpRequests: helps,
    aiCalls: ai.length,
    aiCallsToday: ai.filter((c) => c.day === today).length,
    aiCallsThisMonth: ai.filter((c) => c.day.startsWith(month)).length,
    tokensUsed: sumTokens(ai),
    supportTicketsOpen: [...tickets.values()].filter((s) => s === 'pending' || s === 'in-progress').length,
    supportTicketsResolved: [...tickets.values()].filter((s) => s === 'resolved').length,
    blogPostsCount: 0,
    faqsCount: starterFaqs.length,
    usersByCountry: [...countries].map(([country, count]) => ({ country, count })).sort((a, b) => b.count - a.count || a.country.localeCompare(b.country)),
    daily: last30.map((date) => ({
      date,
      signups: signups.filter((day) => day === date).length,
      revenue: revenue((p) => p.day === date),
      aiCalls: ai.filter((c) => c.day === date).length,
      tokens: sumTokens(ai.filter((c) => c.day === date)),
    })),
  };
  const tokens = (calls: typeof ai) => ({ inputTokens: calls.reduce((s, c) => s + c.input, 0), outputTokens: calls.reduce((s, c) => s + c.output, 0) });
  return { stats, tokens: { all: tokens(ai), month: tokens(ai.filter((c) => c.day.startsWith(month))) }, plansCreated: plansCreated.length };
}

/** A member who signs up, keeps an idea by hand and turns it into a plan. */
async function memberWithPlan(country: string | null) {
  const details = newMember();
  const client = new Client(t.url);
  const signup = await client.post('/api/auth/signup', details);
  expect(signup.status, signup.text).toBe(201);
  if (country) {
    const profile = await client.request('PATCH', '/api/user/profile', { firstName: details.firstName, lastName: details.lastName, email: details.email, country });
    expect(profile.status, profile.text).toBe(200);
  }
  const generated = await client.post('/api/generate-ideas-stream', { skill: 'Pottery' });
  expect(generated.status).toBe(200);
  const idea = { id: 'a', title: 'Pottery classes', subtitle: 's', description: 'Teach pottery', category: 'offline', industry: 'Crafts', method: 'Lessons', pricing: '$30' };
  expect((await client.post('/api/idea-sets', { skill: 'Pottery', categories: [{ id: 'offline', name: 'Local', color: 'green' }], ideas: [idea] })).status).toBe(201);
  const plan = await client.post('/api/plans/generate', { ideaTitle: idea.title, ideaDescription: idea.description, category: 'offline', ideaId: 'a' });
  expect(plan.status, plan.text).toBe(201);
  return { client, details, userId: signup.body.user.id as string, planId: plan.body.planId as string };
}

async function payTestCheckout(client: Client) {
  const checkout = await client.post('/api/stripe/create-checkout-session');
  expect(checkout.status, checkout.text).toBe(200);
  expect((await client.post(`/api/stripe/test-checkout/${String(checkout.body.url).split('/').at(-1)}/pay`)).status).toBe(200);
}

describe('the admin Dashboard figures', () => {
  beforeAll(async () => {
    const now = new Date();
    // Last month: a member from Canada with an idea set and a plan (AI calls on that day).
    clock.moveTo(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 12, 12)));
    const ada = await memberWithPlan('Canada');
    // Two days ago: a member from France who details the next milestone, asks for help, and pays (TEST).
    clock.moveTo(new Date(now.getTime() - 2 * DAY_MS));
    const bea = await memberWithPlan('France');
    const plan = (await bea.client.get(`/api/plans/${bea.planId}`)).body;
    for (const task of plan.milestones[0].tasks) {
      expect((await bea.client.request('PATCH', `/api/tasks/${task.id}/toggle`, { completed: true })).status).toBe(200);
    }
    expect((await bea.client.post(`/api/plans/${bea.planId}/generate-next-milestone`)).status).toBe(200);
    const week2 = (await bea.client.get(`/api/plans/${bea.planId}`)).body.milestones[1].tasks;
    expect((await bea.client.post(`/api/tasks/${week2[0].id}/help`)).status).toBe(200);
    await payTestCheckout(bea.client);
    // Today: a member without a country pays and cancels (the period ends at once); tickets, one resolved.
    clock.reset();
    const cal = await memberWithPlan(null);
    await payTestCheckout(cal.client);
    const portal = await cal.client.post('/api/stripe/create-portal-session');
    const portalId = String(portal.body.url).split('/').at(-1);
    expect((await cal.client.post(`/api/stripe/test-portal/${portalId}/cancel-subscription`)).status).toBe(200);
    expect((await cal.client.post(`/api/stripe/test-portal/${portalId}/end-period`)).status).toBe(200);
    const adaToday = new Client(t.url);
    expect((await adaToday.post('/api/auth/login', { email: ada.details.email, password: ada.details.password })).status).toBe(200);
    const open = await adaToday.post('/api/support/tickets', { subject: 'Export', message: 'How do I export a plan?' });
    expect(open.status).toBe(201);
    expect((await moderator.client.post(`/api/admin/support-tickets/${open.body.id}/messages`, { message: 'From the plan page.' })).status).toBe(201);
    const solved = await bea.client.post('/api/support/tickets', { subject: 'Billing', message: 'Was I charged?' });
    expect((await admin.client.request('PATCH', `/api/admin/support-tickets/${solved.body.id}/status`, { status: 'resolved' })).status).toBe(200);
    await t.services.runner.catchUpAll();
  }, 120_000);

  it.each(['all', 'test', 'live'] as const)('GET /api/admin/stats?mode=%s equals the figures computed from the event store', async (mode) => {
    const answer = await admin.client.get(`/api/admin/stats?mode=${mode}`);
    expect(answer.status, answer.text).toBe(200);
    const { stats } = expectedStats(await allEvents(), new Date(), mode);
    expect(answer.body).toEqual(stats);
    // The history above reaches every kind of figure.
    if (mode === 'all') {
      expect(stats).toMatchObject({ totalMilestoneRequests: 1, totalHelpRequests: 1, proSubscriptions: 1, supportTicketsOpen: 1, supportTicketsResolved: 1 });
      expect(stats.totalRevenue).toBeGreaterThan(0);
      expect(stats.churnRate).toBeGreaterThan(0);
      expect(stats.usersByCountry.map((c) => c.country)).toEqual(expect.arrayContaining(['Canada', 'France', 'Unknown']));
      expect(stats.aiCalls).toBeGreaterThan(stats.aiCallsThisMonth);
    }
  });

  it('without a mode counts every payment; a mode it does not know is a 400', async () => {
    const all = await admin.client.get('/api/admin/stats?mode=all');
    expect((await admin.client.get('/api/admin/stats')).body).toEqual(all.body);
    const wrong = await admin.client.get('/api/admin/stats?mode=sometimes');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toEqual(expect.any(String));
  });

  it.each(['all', 'month'] as const)('GET /api/admin/api-cost?period=%s prices the recorded tokens with the configured costs', async (period) => {
    const answer = await admin.client.get(`/api/admin/api-cost?period=${period}`);
    expect(answer.status, answer.text).toBe(200);
    const { tokens } = expectedStats(await allEvents(), new Date(), 'all');
    const { inputTokens, outputTokens } = tokens[period];
    expect(inputTokens).toBeGreaterThan(0);
    // The defaults of back-office §9: 2.5 and 10 USD per million tokens.
    expect(answer.body).toEqual({ period, inputTokens, outputTokens, totalCost: expect.any(Number) });
    // Priced to the micro-dollar (rounded half up), so within half a micro-dollar of the exact sum, boundary included.
    const exact = (inputTokens * 2.5) / 1e6 + (outputTokens * 10) / 1e6;
    expect(Math.abs(answer.body.totalCost - exact)).toBeLessThanOrEqual(5e-7 + 1e-12);
  });

  it('a month without the last month’s calls costs less than all time', async () => {
    const all = (await admin.client.get('/api/admin/api-cost')).body;
    const month = (await admin.client.get('/api/admin/api-cost?period=month')).body;
    expect(all.period).toBe('all');
    expect(month.inputTokens).toBeLessThan(all.inputTokens);
  });

  it('after the analytics tables are emptied, the backfill restores every figure and reports the idea sets and plans', async () => {
    const before = (await admin.client.get('/api/admin/stats')).body;
    const db = t.services.database.db;
    for (const table of t.services.runner.projection('admin-stats').tables) await sql`delete from ${sql.table(table)}`.execute(db);
    expect((await admin.client.get('/api/admin/stats')).body.totalUsers).toBe(0);
    const backfill = await admin.client.post('/api/admin/backfill-analytics');
    expect(backfill.status, backfill.text).toBe(200);
    const { stats, plansCreated } = expectedStats(await allEvents(), new Date(), 'all');
    expect(backfill.body).toEqual({ ideasBackfilled: stats.totalIdeas, plansBackfilled: plansCreated });
    expect(stats.totalIdeas).toBeGreaterThan(0);
    expect((await admin.client.get('/api/admin/stats')).body).toEqual(before);
  }, 60_000);

  it('refuses a second backfill while one runs (409 backfill_running), the first one finishing', async () => {
    // Through the services: on the embedded database an HTTP request's session lookup queues
    // behind the rebuild's transactions, so two requests could not overlap there.
    const [first, second] = await Promise.allSettled([t.services.analyticsBackfill.backfill(), t.services.analyticsBackfill.backfill()]);
    expect(first).toEqual({ status: 'fulfilled', value: { ideasBackfilled: expect.any(Number), plansBackfilled: expect.any(Number) } });
    expect(second).toMatchObject({ status: 'rejected', reason: { code: 'backfill_running', kind: 'conflict' } });
    // Once it is over, the next one runs.
    expect((await admin.client.post('/api/admin/backfill-analytics')).status).toBe(200);
  }, 60_000);
});

describe('who may see the figures', () => {
  it('refuses visitors (401) and free, pro and moderator members (403) on every admin stats route', async () => {
    const free = new Client(t.url);
    expect((await free.post('/api/auth/signup', newMember())).status).toBe(201);
    const pro = new Client(t.url);
    expect((await pro.post('/api/auth/signup', newMember())).status).toBe(201);
    await payTestCheckout(pro);
    const callers: [Client, number][] = [
      [new Client(t.url), 401],
      [free, 403],
      [pro, 403],
      [moderator.client, 403],
    ];
    for (const [client, status] of callers) {
      expect((await client.get('/api/admin/stats')).status).toBe(status);
      expect((await client.get('/api/admin/api-cost?period=month')).status).toBe(status);
      expect((await client.post('/api/admin/backfill-analytics')).status).toBe(status);
    }
  }, 60_000);
});

describe('erasing a paying member', () => {
  /** The money figures of every mode: revenue in total, this month and per day. */
  const revenueFigures = async () =>
    Object.fromEntries(
      await Promise.all(
        (['all', 'test', 'live'] as const).map(async (mode) => {
          const answer = await admin.client.get(`/api/admin/stats?mode=${mode}`);
          expect(answer.status, answer.text).toBe(200);
          const { totalRevenue, revenueThisMonth, daily } = answer.body as AdminStatsDto;
          return [mode, { totalRevenue, revenueThisMonth, dailyRevenue: daily.map(({ date, revenue }) => ({ date, revenue })) }];
        }),
      ),
    );

  it('leaves every revenue figure as it was, live and after a rebuild from the rewritten log; the member counts go', async () => {
    // A member who pays last month (then ends that subscription) and pays again this month.
    const now = new Date();
    clock.moveTo(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 20, 12)));
    const details = newMember();
    const payer = new Client(t.url);
    expect((await payer.post('/api/auth/signup', details)).status).toBe(201);
    await payTestCheckout(payer);
    const portalId = String((await payer.post('/api/stripe/create-portal-session')).body.url).split('/').at(-1);
    expect((await payer.post(`/api/stripe/test-portal/${portalId}/cancel-subscription`)).status).toBe(200);
    expect((await payer.post(`/api/stripe/test-portal/${portalId}/end-period`)).status).toBe(200);
    clock.reset();
    // Their session of last month has expired.
    expect((await payer.post('/api/auth/login', { email: details.email, password: details.password })).status).toBe(200);
    await payTestCheckout(payer);
    await t.services.runner.catchUpAll();
    const before = await revenueFigures();
    const usersBefore = (await admin.client.get('/api/admin/stats')).body.totalUsers;
    // Both of the member's payments count, in two months.
    expect(before.test.revenueThisMonth).toBeGreaterThan(0);
    expect(before.test.totalRevenue).toBeGreaterThan(before.test.revenueThisMonth);

    expect((await payer.request('DELETE', '/api/user/account')).status).toBe(200);
    await t.services.runner.catchUpAll();
    expect(await revenueFigures()).toEqual(before);
    const after = (await admin.client.get('/api/admin/stats')).body;
    expect(after.totalUsers).toBe(usersBefore - 1);

    await t.services.runner.rebuild(t.services.runner.projection('admin-stats'));
    expect(await revenueFigures()).toEqual(before);
    expect((await admin.client.get('/api/admin/stats')).body).toEqual(after);
  }, 60_000);
});
