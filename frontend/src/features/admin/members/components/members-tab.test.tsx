import { Classes } from '@blueprintjs/core';
import { ADMIN_ACTION_HEADER, adminActionSchema } from '@contracts/admin-actions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { member } from '../../../../test/api';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { MembersTab } from './members-tab';
import { adminConfirmation } from './members-table';
import { me, membersApi } from './members-test-support';

const ada = member({ id: 'u-ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'free', ideasGenerated: 1, activePlans: 2, milestoneCredits: 3, helpCredits: 4 });
const alan = member({ id: 'u-alan', firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com', role: 'pro', ideasGenerated: 2, activePlans: 1, milestoneCredits: 10, helpCredits: 0, disabled: 'true' });
const mod = member({ id: 'u-mod', firstName: 'Mo', lastName: 'Derator', email: 'mo@example.com', role: 'moderator', ideasGenerated: 0 });

const renderTab = (at = '/dashboard?tab=members') => renderRoutes({ '/dashboard': <MembersTab /> }, at);
const row = (name: string) => screen.getAllByTestId('member-row').find((candidate) => within(candidate).queryByText(name) !== null)!;
const button = (name: string, label: string) => within(row(name)).getByRole('button', { name: label });
const listCalls = (api: ReturnType<typeof membersApi>) => api.calls.filter((call) => call.method === 'GET' && call.path === '/api/admin/users');
/** The toast showing `text`. */
const toastWith = async (text: string) => (await screen.findByText(text)).closest<HTMLElement>(`.${Classes.TOAST}`)!;

afterEach(() => vi.restoreAllMocks());

describe('the admin Members tab', () => {
  it("shows each member's role, figures against their role's allowances, status and joined date, with the page count from x-total-count", async () => {
    membersApi({ users: [me, ada, alan, mod], total: 120 });
    renderTab();
    await screen.findByText('Ada Lovelace');

    const free = within(row('Ada Lovelace'));
    expect(free.getByText('ada@example.com')).toBeInTheDocument();
    expect(free.getByRole('combobox', { name: 'Role of Ada Lovelace' })).toHaveValue('free');
    // Design §5: the one allowance policy (free: 1 idea set, 2 plans, 3 milestone, 5 help credits).
    expect(free.getByTestId('member-ideas')).toHaveTextContent('1/1');
    expect(free.getByTestId('member-plans')).toHaveTextContent('2/2');
    expect(free.getByTestId('member-milestones')).toHaveTextContent('3/3');
    expect(free.getByTestId('member-help')).toHaveTextContent('4/5');
    expect(free.getByText('Active')).toBeInTheDocument();
    expect(free.getByText('1 Nov 2026')).toBeInTheDocument();

    const pro = within(row('Alan Turing'));
    expect(pro.getByTestId('member-ideas')).toHaveTextContent('2/3');
    expect(pro.getByTestId('member-plans')).toHaveTextContent('1/5');
    expect(pro.getByTestId('member-milestones')).toHaveTextContent('10/15');
    expect(pro.getByTestId('member-help')).toHaveTextContent('0/20');
    expect(pro.getByText('Disabled')).toBeInTheDocument();
    expect(pro.getByRole('button', { name: 'Enable' })).toBeEnabled();

    // Staff have no credit ledger: the bare count.
    expect(within(row('Mo Derator')).getByTestId('member-ideas')).toHaveTextContent(/^0$/);

    expect(screen.getByTestId('members-page')).toHaveTextContent('Page 1 of 3');
  });

  it("shows none of the actions enabled on the admin's own row", async () => {
    membersApi({ users: [me, ada] });
    renderTab();
    await screen.findByText('Ada Lovelace');
    const own = within(row('Grace Hopper'));
    expect(own.getByRole('combobox')).toBeDisabled();
    for (const name of ['Disable', 'Reset data', 'View', 'Delete']) expect(own.getByRole('button', { name })).toBeDisabled();
    for (const name of ['Disable', 'Reset data', 'View', 'Delete']) expect(button('Ada Lovelace', name)).toBeEnabled();
    expect(within(row('Ada Lovelace')).getByRole('combobox')).toBeEnabled();
  });

  it('changes a role with PUT /role and says so; a refusal is the toast with §8 wording and the reason', async () => {
    const api = membersApi({ users: [me, ada] });
    renderTab();
    await screen.findByText('Ada Lovelace');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of Ada Lovelace' }), 'pro');
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/users/u-ada/role')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/admin/users/u-ada/role')[0]!.body).toEqual({ role: 'pro' });
    expect(await screen.findByText('User role updated')).toBeInTheDocument();

    server.use(http.put('/api/admin/users/:id/role', () => HttpResponse.json({ message: 'You cannot change your own role', code: 'forbidden' }, { status: 403 })));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of Ada Lovelace' }), 'moderator');
    expect(await screen.findByText('Failed to update user role: You cannot change your own role')).toBeInTheDocument();
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
  });

  it('makes someone an admin only after the browser confirmation; declined, nothing is sent and the select shows their role', async () => {
    const api = membersApi({ users: [me, ada] });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderTab();
    await screen.findByText('Ada Lovelace');
    const select = () => screen.getByRole('combobox', { name: 'Role of Ada Lovelace' });

    await userEvent.selectOptions(select(), 'admin');
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0]![0]).toBe(adminConfirmation('Ada Lovelace'));
    expect(confirm.mock.calls[0]![0]).toMatch(/^Make Ada Lovelace an admin\?/);
    expect(select()).toHaveValue('free');
    expect(api.callsTo('PUT', '/api/admin/users/u-ada/role')).toHaveLength(0);

    // Other roles are changed at once, with no question.
    await userEvent.selectOptions(select(), 'moderator');
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/users/u-ada/role')).toHaveLength(1));
    expect(confirm).toHaveBeenCalledTimes(1);

    confirm.mockReturnValue(true);
    await userEvent.selectOptions(select(), 'admin');
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/users/u-ada/role')).toHaveLength(2));
    expect(api.callsTo('PUT', '/api/admin/users/u-ada/role')[1]!.body).toEqual({ role: 'admin' });
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('disables and enables with the state wanted; a refusal says "Failed to update user status"', async () => {
    const api = membersApi({ users: [me, ada, alan] });
    renderTab();
    await screen.findByText('Ada Lovelace');
    await userEvent.click(button('Ada Lovelace', 'Disable'));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/admin/users/u-ada/toggle-disabled')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/admin/users/u-ada/toggle-disabled')[0]!.body).toEqual({ disabled: true });
    expect(await screen.findByText('User disabled')).toBeInTheDocument();

    await userEvent.click(button('Alan Turing', 'Enable'));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/admin/users/u-alan/toggle-disabled')[0]?.body).toEqual({ disabled: false }));

    server.use(http.patch('/api/admin/users/:id/toggle-disabled', () => HttpResponse.json({ message: 'Database unavailable' }, { status: 503 })));
    await userEvent.click(button('Ada Lovelace', 'Disable'));
    expect(await screen.findByText('Failed to update user status: Database unavailable')).toBeInTheDocument();
  });

  it('resets data only after the browser confirmation; a refusal says "Failed to reset user data"', async () => {
    const api = membersApi({ users: [me, ada] });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderTab();
    await screen.findByText('Ada Lovelace');

    await userEvent.click(button('Ada Lovelace', 'Reset data'));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(api.callsTo('POST', '/api/admin/users/u-ada/reset-data')).toHaveLength(0);

    confirm.mockReturnValue(true);
    await userEvent.click(button('Ada Lovelace', 'Reset data'));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/users/u-ada/reset-data')).toHaveLength(1));
    const done = await toastWith('User data reset');
    expect(within(done).getByText('Deleted 2 idea sets and 1 plans')).toBeInTheDocument();
    // No x-admin-action-id (nothing recorded): nothing to undo.
    expect(within(done).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();

    server.use(http.post('/api/admin/users/:id/reset-data', () => new HttpResponse('oops', { status: 500 })));
    await userEvent.click(button('Ada Lovelace', 'Reset data'));
    expect(await screen.findByText('Failed to reset user data')).toBeInTheDocument();
  });

  it('offers Undo in the reset toast for the action named in x-admin-action-id; pressing it posts that undo and says "Action undone"', async () => {
    membersApi({ users: [me, ada] });
    const undos: { id: string; body: unknown }[] = [];
    const summary = 'Reset the data of Ada Lovelace: 2 idea sets, 1 plan';
    server.use(
      http.post('/api/admin/users/:id/reset-data', () =>
        HttpResponse.json({ message: 'User data reset', deletedIdeas: 2, deletedPlans: 1 }, { headers: { [ADMIN_ACTION_HEADER]: 'action-42' } }),
      ),
      http.post('/api/admin/actions/:id/undo', async ({ params, request }) => {
        undos.push({ id: String(params.id), body: await request.json() });
        const action = adminActionSchema.parse({
          id: params.id,
          kind: 'reset-data',
          summary,
          adminName: 'Grace Hopper',
          takenAt: '2026-11-22T10:00:00.000Z',
          undoableUntil: '2026-12-22T10:00:00.000Z',
          undoneAt: '2026-11-22T10:01:00.000Z',
          undoneByName: 'Grace Hopper',
          canUndo: false,
        });
        return HttpResponse.json({ message: 'Action undone', action });
      }),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderTab();
    await screen.findByText('Ada Lovelace');

    await userEvent.click(button('Ada Lovelace', 'Reset data'));
    const done = await toastWith('User data reset');
    expect(within(done).getByText('Deleted 2 idea sets and 1 plans')).toBeInTheDocument();
    expect(undos).toEqual([]);

    await userEvent.click(within(done).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(undos).toEqual([{ id: 'action-42', body: {} }]));
    const undone = await toastWith('Action undone');
    expect(within(undone).getByText(summary)).toBeInTheDocument();
  });

  it('deletes through the dialog: it lists what goes, confirms only on DELETE typed exactly, Cancel deletes nothing, confirming closes it', async () => {
    const api = membersApi({ users: [me, ada] });
    renderTab();
    await screen.findByText('Ada Lovelace');

    await userEvent.click(button('Ada Lovelace', 'Delete'));
    let dialog = await screen.findByRole('dialog');
    for (const what of ['ideas and plans', 'analytics and activity history', 'support tickets', 'payment and subscription records', 'blog posts by the user'])
      expect(within(dialog).getByText(what)).toBeInTheDocument();
    const confirm = () => within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete User' });
    const field = within(dialog).getByLabelText('Type DELETE to confirm');
    expect(confirm()).toBeDisabled();
    await userEvent.type(field, 'delete');
    expect(confirm()).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'DELETE ');
    expect(confirm()).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'DELETE');
    expect(confirm()).toBeEnabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/admin/users/u-ada')).toHaveLength(0);

    await userEvent.click(button('Ada Lovelace', 'Delete'));
    dialog = await screen.findByRole('dialog');
    // Reopened, the word must be typed again.
    expect(confirm()).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(confirm());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('DELETE', '/api/admin/users/u-ada')).toHaveLength(1));
    expect(await screen.findByText('User deleted')).toBeInTheDocument();
  });

  it('says "Failed to delete user" with the reason when the delete is refused', async () => {
    membersApi({ users: [me, ada] });
    server.use(http.delete('/api/admin/users/:id', () => HttpResponse.json({ message: 'You cannot delete your own account here' }, { status: 403 })));
    renderTab();
    await screen.findByText('Ada Lovelace');
    await userEvent.click(button('Ada Lovelace', 'Delete'));
    await userEvent.type(within(await screen.findByRole('dialog')).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText('Failed to delete user: You cannot delete your own account here')).toBeInTheDocument();
  });

  it('searches once typing pauses, filters by role, sorts by a header and exports with the same filters', async () => {
    const api = membersApi({ users: [me, ada] });
    renderTab();
    await screen.findByText('Ada Lovelace');
    expect(listCalls(api).at(-1)!.search).toBe('');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search members' }), 'ada');
    await waitFor(() => expect(listCalls(api).at(-1)!.search).toBe('?search=ada'));
    // Debounced: one request for the whole word, none for "a" or "ad".
    expect(listCalls(api).filter((call) => call.search.startsWith('?search='))).toHaveLength(1);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by role' }), 'pro');
    await waitFor(() => expect(listCalls(api).at(-1)!.search).toBe('?search=ada&role=pro'));

    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    await userEvent.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(listCalls(api).at(-1)!.search).toBe('?search=ada&role=pro&sort=name&order=asc'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(listCalls(api).at(-1)!.search).toBe('?search=ada&role=pro&sort=name&order=desc'));

    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/users/export?search=ada&role=pro&sort=name&order=desc');
  });

  it('pages with Previous and Next', async () => {
    const api = membersApi({ users: [me, ada], total: 75 });
    renderTab();
    await screen.findByText('Ada Lovelace');
    expect(screen.getByTestId('members-page')).toHaveTextContent('Page 1 of 2');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listCalls(api).at(-1)!.search).toBe('?page=2'));
    expect(await screen.findByText('Page 2 of 2', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("opens a member's user view with View and comes back with 'Back to Members'", async () => {
    membersApi({ users: [me, ada] });
    renderTab();
    await screen.findByText('Ada Lovelace');
    await userEvent.click(button('Ada Lovelace', 'View'));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard?tab=members&user=u-ada');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Members' }));
    expect(await screen.findByRole('table', { name: 'Members' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/dashboard\?tab=members$/);
  });

  it('shows a failure with Retry when the list cannot be loaded', async () => {
    membersApi({ users: [] });
    server.use(http.get('/api/admin/users', () => HttpResponse.json({ message: 'Database unavailable' }, { status: 503 })));
    renderTab();
    expect(await screen.findByText('Failed to load members')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
