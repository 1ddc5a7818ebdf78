import {
  ADMIN_USERS_TOTAL_HEADER,
  adminIdeaSetSchema,
  type AdminIdeaSetDto,
  type AdminUserDto,
  auditEntrySchema,
  type AuditEntryDto,
} from '@contracts/admin-members';
import { type PlanDto, planSchema } from '@contracts/plans';
import { http, HttpResponse } from 'msw';
import { meHandler, member } from '../../../../test/api';
import { server } from '../../../../test/server';

/** Admin members bodies for component tests, each checked against the contract the server answers with. */

export const me = member({ id: 'admin-1', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', role: 'admin' });

export const ideaSet = (id: string, titles: string[], overrides: Partial<AdminIdeaSetDto> = {}): AdminIdeaSetDto =>
  adminIdeaSetSchema.parse({
    id,
    skill: 'Drawing pets',
    categories: [{ id: 'fiverr', name: 'Fiverr Gigs', color: 'green' }],
    ideas: titles.map((title, index) => ({
      id: `${id}-idea-${index + 1}`,
      title,
      subtitle: `Subtitle of ${title}`,
      description: `About ${title}`,
      category: 'fiverr',
      industry: 'Pets',
      method: 'Gig',
      pricing: '$40',
    })),
    personalized: false,
    createdAt: '2026-11-20T09:00:00.000Z',
    userFirstName: 'Ada',
    userLastName: 'Lovelace',
    userEmail: 'ada@example.com',
    ...overrides,
  });

export const plan = (id: string, overrides: Partial<PlanDto> = {}): PlanDto =>
  planSchema.parse({
    id,
    title: `Plan ${id}`,
    description: 'A plan',
    category: 'fiverr',
    status: 'active',
    timeEstimate: '6 weeks',
    createdAt: '2026-11-21T09:00:00.000Z',
    currentMilestone: 2,
    totalMilestones: 6,
    milestonesCount: 6,
    completedMilestones: 1,
    progress: 20,
    ideaId: 'none',
    milestones: [
      {
        id: `${id}-m1`,
        orderIndex: 0,
        title: 'Set up your gig',
        description: 'Get the basics right',
        timeEstimate: '1 week',
        isDetailed: 'true',
        freeResources: [{ name: 'Fiverr guide', url: 'https://example.com/free' }],
        paidResources: [{ name: 'Design course', url: 'https://example.com/paid' }],
        tasks: [
          { id: `${id}-t1`, title: 'Write the gig text', description: '', completed: 'true', helpResponse: '**How to: Write the gig text**\nStart with **what the buyer gets**.' },
          { id: `${id}-t2`, title: 'Take photos', description: '', completed: 'false', helpResponse: null },
        ],
        successCriteria: 'Gig live',
      },
    ],
    ...overrides,
  });

export const auditEntry = (id: string, overrides: Partial<AuditEntryDto> = {}): AuditEntryDto =>
  auditEntrySchema.parse({
    id,
    at: '2026-11-22T10:00:00.000Z',
    kind: 'role',
    type: 'UserRoleChanged',
    summary: 'Role changed from free to pro',
    actor: { kind: 'user', id: 'admin-1', name: 'Grace Hopper', role: 'admin' },
    cause: 'ChangeUserRole',
    reason: null,
    ...overrides,
  });

export type Call = { method: string; path: string; search: string; body: unknown };

/**
 * The admin members API as the server answers it: the list (with `x-total-count`), one member's
 * ideas, plans and audit, and the actions; every call recorded.
 */
export function membersApi({
  users,
  total = users.length,
  ideaSets = [],
  plans = [],
  audit = [],
}: {
  users: AdminUserDto[];
  total?: number;
  ideaSets?: AdminIdeaSetDto[];
  plans?: PlanDto[];
  audit?: AuditEntryDto[];
}) {
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    calls.push({ method: request.method, path: url.pathname, search: url.search, body: text ? JSON.parse(text) : undefined });
  };
  const find = (id: unknown) => users.find((user) => user.id === id)!;
  server.use(
    meHandler(me),
    http.get('/api/admin/users', async ({ request }) => {
      await record(request);
      const search = new URL(request.url).searchParams.get('search');
      const shown = search && users.some((user) => user.id === search) ? users.filter((user) => user.id === search) : users;
      return HttpResponse.json(shown, { headers: { [ADMIN_USERS_TOTAL_HEADER]: String(search ? shown.length : total) } });
    }),
    http.get('/api/admin/users/:id/ideas', async ({ request }) => {
      await record(request);
      return HttpResponse.json(ideaSets);
    }),
    http.get('/api/admin/users/:id/plans', async ({ request }) => {
      await record(request);
      return HttpResponse.json(plans);
    }),
    http.get('/api/admin/users/:id/audit', async ({ request }) => {
      await record(request);
      const kind = new URL(request.url).searchParams.get('kind');
      return HttpResponse.json(kind ? audit.filter((entry) => entry.kind === kind) : audit);
    }),
    http.put('/api/admin/users/:id/role', async ({ request, params }) => {
      await record(request);
      const { role } = calls.at(-1)!.body as { role: AdminUserDto['role'] };
      return HttpResponse.json({ ...find(params.id), role });
    }),
    http.patch('/api/admin/users/:id/toggle-disabled', async ({ request, params }) => {
      await record(request);
      const { disabled } = calls.at(-1)!.body as { disabled: boolean };
      return HttpResponse.json({ ...find(params.id), disabled: String(disabled) });
    }),
    http.post('/api/admin/users/:id/reset-data', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ message: 'User data reset', deletedIdeas: 2, deletedPlans: 1 });
    }),
    http.delete('/api/admin/users/:id', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ message: 'User deleted' });
    }),
  );
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}
