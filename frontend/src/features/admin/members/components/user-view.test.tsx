import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { member } from '../../../../test/api';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { MembersTab } from './members-tab';
import { auditEntry, ideaSet, me, membersApi, plan } from './members-test-support';
import { turnedIntoPlan } from './user-ideas';

const ada = member({ id: 'u-ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'pro', ideasGenerated: 2, activePlans: 1, milestoneCredits: 4, helpCredits: 6, tokenUsage: 12345 });
const renderView = () => renderRoutes({ '/dashboard': <MembersTab /> }, '/dashboard?tab=members&user=u-ada');

const fiveIdeas = ideaSet('s1', ['Pet Portraits Online', 'Market Stall Sketches', 'Logo Design', 'Sticker Shop', 'Mural Painting']);
const byId = plan('p1', { title: 'Totally different title', ideaId: 's1-idea-3', status: 'active', currentMilestone: 2, totalMilestones: 6, category: 'fiverr' });
const byTitle = plan('p2', { title: 'pet portraits: a six week plan', ideaId: 'elsewhere', status: 'paused', currentMilestone: 1, totalMilestones: 6, category: 'online' });

describe('the admin user view', () => {
  it("shows the member's name, email, role and figures", async () => {
    membersApi({ users: [me, ada] });
    renderView();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('pro')).toBeInTheDocument();
    const figures = within(screen.getByRole('group', { name: 'Member figures' }));
    const card = (label: string) => figures.getByText(label).closest('[data-testid="stat-card"]')!;
    expect(card('Ideas generated')).toHaveTextContent('2/3');
    expect(card('Active plans')).toHaveTextContent('1/5');
    expect(card('Milestone credits')).toHaveTextContent('4/15');
    expect(card('Help credits')).toHaveTextContent('6/20');
    expect(card('Tokens used')).toHaveTextContent('12,345');
    expect(card('Joined')).toHaveTextContent('1 Nov 2026');
  });

  it("shows the first 3 ideas of a set and '+N more'; the modal lists all, marking those turned into a plan by id or by the title's first 10 letters", async () => {
    membersApi({ users: [me, ada], ideaSets: [fiveIdeas], plans: [byId, byTitle] });
    renderView();
    const set = await screen.findByTestId('idea-set');
    expect(within(set).getByText('Pet Portraits Online')).toBeInTheDocument();
    expect(within(set).getByText('Logo Design')).toBeInTheDocument();
    expect(within(set).queryByText('Sticker Shop')).not.toBeInTheDocument();
    expect(within(set).getByText('+2 more')).toBeInTheDocument();

    await screen.findByText('Totally different title');
    await userEvent.click(set);
    const dialog = await screen.findByRole('dialog');
    const ideas = within(dialog).getAllByTestId('idea');
    expect(ideas).toHaveLength(5);
    const marked = ideas.filter((idea) => within(idea).queryByText('Plan created') !== null).map((idea) => idea.querySelector('strong')!.textContent);
    expect(marked).toEqual(['Pet Portraits Online', 'Logo Design']);
  });

  it('lists plans with status, current/total milestones and category; the plan modal shows milestones, tasks done, resources, completed states and help formatted as the member sees it', async () => {
    membersApi({ users: [me, ada], plans: [byId, byTitle] });
    renderView();
    const first = await screen.findByRole('button', { name: 'Plan Totally different title' });
    expect(within(first).getByText('active')).toBeInTheDocument();
    expect(within(first).getByTestId('plan-milestones')).toHaveTextContent('2/6 milestones');
    expect(within(first).getByText('fiverr')).toBeInTheDocument();

    await userEvent.click(first);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Week 1: Set up your gig')).toBeInTheDocument();
    expect(dialog.getByTestId('milestone-done')).toHaveTextContent('1/2 tasks done');
    expect(dialog.getByRole('link', { name: 'Fiverr guide' })).toHaveAttribute('href', 'https://example.com/free');
    expect(dialog.getByRole('link', { name: 'Design course' })).toHaveAttribute('href', 'https://example.com/paid');
    const tasks = dialog.getAllByTestId('task');
    expect(tasks.map((task) => task.getAttribute('data-completed'))).toEqual(['true', 'false']);
    expect(within(tasks[0]!).getByLabelText('Completed')).toBeInTheDocument();
    expect(within(tasks[1]!).getByLabelText('Not completed')).toBeInTheDocument();
    // The help as the member reads it: the AI's **bold** marks shown bold, never as asterisks.
    const help = within(tasks[0]!).getByTestId('task-help');
    expect(help).toHaveTextContent('Help requested: How to: Write the gig text Start with what the buyer gets.');
    expect(help.textContent).not.toContain('**');
    expect([...help.querySelectorAll('strong')].map((bold) => bold.textContent)).toEqual(['Help requested:', 'How to: Write the gig text', 'what the buyer gets']);
  });

  it("says 'No ideas generated yet' and 'No plans created yet'", async () => {
    membersApi({ users: [me, ada] });
    renderView();
    expect(await screen.findByText('No ideas generated yet')).toBeInTheDocument();
    expect(await screen.findByText('No plans created yet')).toBeInTheDocument();
  });

  it('shows the audit trail with time, summary, actor name and role, and reason; the kind filter asks for that kind', async () => {
    const api = membersApi({
      users: [me, ada],
      audit: [
        auditEntry('e2', { kind: 'access', type: 'UserDisabled', summary: 'Account disabled', reason: 'Spam reports' }),
        auditEntry('e1', { summary: 'Role changed from free to pro' }),
        auditEntry('e0', { kind: 'account', type: 'UserRegistered', summary: 'Signed up', actor: { kind: 'system', id: null, name: 'Sign-up', role: null }, at: '2026-11-01T10:00:00.000Z' }),
      ],
    });
    renderView();
    const trail = await screen.findByRole('list', { name: 'Audit trail' });
    const entries = within(trail).getAllByTestId('audit-entry');
    expect(entries.map((entry) => entry.getAttribute('data-type'))).toEqual(['UserDisabled', 'UserRoleChanged', 'UserRegistered']);
    expect(within(entries[0]!).getByText('Account disabled')).toBeInTheDocument();
    expect(within(entries[0]!).getByTestId('audit-actor')).toHaveTextContent('by Grace Hopper (admin)');
    expect(within(entries[0]!).getByTestId('audit-reason')).toHaveTextContent('Reason: Spam reports');
    expect(within(entries[0]!).getByText('22 Nov 2026', { exact: false })).toBeInTheDocument();
    expect(within(entries[2]!).getByTestId('audit-actor')).toHaveTextContent(/^by Sign-up$/);
    expect(within(entries[2]!).queryByTestId('audit-reason')).not.toBeInTheDocument();

    const select = screen.getByRole('combobox', { name: 'Show events' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Account', 'Role', 'Access', 'Credits', 'Payments', 'Content']);
    await userEvent.selectOptions(select, 'role');
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/api/admin/users/u-ada/audit').at(-1)!.search).toBe('?kind=role'));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Audit trail' })).getAllByTestId('audit-entry')).toHaveLength(1));
    expect(api.calls.filter((call) => call.path === '/api/admin/users/u-ada/audit')[0]!.search).toBe('');
  });

  it("says 'Member not found' with 'Back to Members' when there is no such member", async () => {
    membersApi({ users: [me] });
    renderRoutes({ '/dashboard': <MembersTab /> }, '/dashboard?tab=members&user=u-gone');
    expect(await screen.findByText('Member not found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Members' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/dashboard\?tab=members$/);
  });

  it('shows a failure with Retry when the audit trail cannot be loaded, the rest of the view still shown', async () => {
    membersApi({ users: [me, ada] });
    server.use(http.get('/api/admin/users/:id/audit', () => HttpResponse.json({ message: 'Database unavailable' }, { status: 503 })));
    renderView();
    expect(await screen.findByText('Failed to load the audit trail')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });
});

describe('turnedIntoPlan', () => {
  it('matches by idea id, or by the first 10 letters of the title ignoring case, and nothing else', () => {
    expect(turnedIntoPlan({ id: 'i1', title: 'Anything' }, [{ ideaId: 'i1', title: 'Other' }])).toBe(true);
    expect(turnedIntoPlan({ id: 'i1', title: 'Pet Portraits Online' }, [{ ideaId: 'x', title: 'PET PORTRAmore' }])).toBe(true);
    expect(turnedIntoPlan({ id: 'i1', title: 'Pet Portraits Online' }, [{ ideaId: 'x', title: 'Pet Portr' }])).toBe(false);
    expect(turnedIntoPlan({ id: 'i1', title: 'Pet Portraits' }, [])).toBe(false);
  });
});
