import { Classes } from '@blueprintjs/core';
import { type AdminActionDto, adminActionSchema } from '@contracts/admin-actions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { meHandler, member } from '../../../../test/api';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { RecentAdminActions } from './recent-admin-actions';

/** An admin action as GET /api/admin/actions lists it, checked against the contract. */
const adminAction = (id: string, overrides: Partial<AdminActionDto> = {}): AdminActionDto =>
  adminActionSchema.parse({
    id,
    kind: 'reset-data',
    summary: 'Reset the data of Ana Lima: 2 idea sets, 1 plan',
    adminName: 'Grace Hopper',
    takenAt: '2026-11-22T10:00:00.000Z',
    undoableUntil: '2026-12-22T10:00:00.000Z',
    undoneAt: null,
    undoneByName: null,
    canUndo: true,
    ...overrides,
  });

const reset = adminAction('action-reset');
const faq = adminAction('action-faq', {
  kind: 'faq-deletion',
  summary: 'Deleted the FAQ "Question?"',
  adminName: 'Alan Turing',
  takenAt: '2026-11-20T09:00:00.000Z',
  undoneAt: '2026-11-21T12:00:00.000Z',
  undoneByName: 'Grace Hopper',
  canUndo: false,
});
const old = adminAction('action-old', {
  kind: 'role-change',
  summary: 'Changed the role of Ana Lima from pro to free',
  takenAt: '2026-09-01T09:00:00.000Z',
  undoableUntil: '2026-10-01T09:00:00.000Z',
  canUndo: false,
});
const undoneReset = { ...reset, canUndo: false, undoneAt: '2026-11-23T12:00:00.000Z', undoneByName: 'Grace Hopper' };

/** GET /api/admin/actions answering the current list; every undo asked recorded with its body. */
function actionsApi(initial: AdminActionDto[]) {
  const api = { listed: initial, lists: 0, undos: [] as { id: string; body: unknown }[] };
  server.use(
    meHandler(member({ role: 'admin' })),
    http.get('/api/admin/actions', () => {
      api.lists += 1;
      return HttpResponse.json(api.listed);
    }),
  );
  return api;
}

const renderList = () => renderRoutes({ '/dashboard': <RecentAdminActions /> }, '/dashboard?tab=dashboard');
const row = (summary: string) => screen.getAllByTestId('admin-action').find((candidate) => within(candidate).queryByText(summary) !== null)!;
/** The toast showing `text`. */
const toastWith = async (text: string) => (await screen.findByText(text)).closest<HTMLElement>(`.${Classes.TOAST}`)!;

describe('the recent admin actions (issue 53)', () => {
  it('lists each action with when, by whom and what, and whether it can be undone, was undone (by whom, when) or is too old', async () => {
    actionsApi([reset, faq, old]);
    renderList();
    const region = await screen.findByRole('region', { name: 'Recent admin actions' });
    await within(region).findByText(reset.summary);

    const table = within(region).getByRole('table', { name: 'Recent admin actions' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['When', 'By', 'What', 'Undo']);
    expect(within(table).getAllByTestId('admin-action').map((entry) => entry.dataset.actionId)).toEqual(['action-reset', 'action-faq', 'action-old']);

    const undoable = within(row(reset.summary));
    expect(undoable.getByText('22 Nov 2026', { exact: false })).toBeInTheDocument();
    expect(undoable.getByText('Grace Hopper')).toBeInTheDocument();
    expect(undoable.getByRole('button', { name: 'Undo' })).toBeEnabled();

    const undone = within(row(faq.summary));
    expect(undone.getByText('Alan Turing')).toBeInTheDocument();
    expect(undone.getByTestId('admin-action-undone')).toHaveTextContent(/^Undone by Grace Hopper on 21 Nov 2026/);
    expect(undone.queryByRole('button')).not.toBeInTheDocument();

    const tooOld = within(row(old.summary));
    expect(tooOld.getByText('Can no longer be undone')).toBeInTheDocument();
    expect(tooOld.queryByRole('button')).not.toBeInTheDocument();
  });

  it("says 'No admin actions yet' when there are none", async () => {
    actionsApi([]);
    renderList();
    expect(await screen.findByText('No admin actions yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("undoes with POST /undo at once, the button disabled meanwhile; says 'Action undone' with what was undone and refreshes the list", async () => {
    const api = actionsApi([reset, old]);
    let answer: () => void = () => {};
    server.use(
      http.post('/api/admin/actions/:id/undo', async ({ params, request }) => {
        api.undos.push({ id: String(params.id), body: await request.json() });
        await new Promise<void>((resolve) => (answer = resolve));
        api.listed = [undoneReset, old];
        return HttpResponse.json({ message: 'Action undone', action: undoneReset });
      }),
    );
    renderList();
    await screen.findByText(reset.summary);
    const listsBefore = api.lists;

    await userEvent.click(within(row(reset.summary)).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(api.undos).toEqual([{ id: 'action-reset', body: {} }]));
    expect(within(row(reset.summary)).getByRole('button', { name: 'Undo' })).toBeDisabled();

    answer();
    const toast = await toastWith('Action undone');
    expect(within(toast).getByText(reset.summary)).toBeInTheDocument();
    await waitFor(() => expect(within(row(reset.summary)).getByTestId('admin-action-undone')).toHaveTextContent(/^Undone by Grace Hopper on 23 Nov 2026/));
    expect(api.lists).toBeGreaterThan(listsBefore);
    expect(within(row(reset.summary)).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it("shows the server's reason in an 'Error' toast when the undo is refused, and 'Failed to undo the action' when it gives none", async () => {
    const api = actionsApi([reset]);
    let refusals = 0;
    server.use(
      http.post('/api/admin/actions/:id/undo', async ({ params, request }) => {
        api.undos.push({ id: String(params.id), body: await request.json() });
        refusals += 1;
        return refusals === 1
          ? HttpResponse.json({ message: 'This action has already been undone', code: 'admin_action_undone' }, { status: 409 })
          : new HttpResponse('oops', { status: 500 });
      }),
    );
    renderList();
    await screen.findByText(reset.summary);

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    const refused = await toastWith('This action has already been undone');
    expect(within(refused).getByText('Error')).toBeInTheDocument();
    expect(screen.queryByText('Action undone')).not.toBeInTheDocument();

    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    const failed = await toastWith('Failed to undo the action');
    expect(within(failed).getByText('Error')).toBeInTheDocument();
    expect(api.undos.map(({ id }) => id)).toEqual(['action-reset', 'action-reset']);
  });

  it('shows a failure with Retry when the list cannot be loaded', async () => {
    actionsApi([]);
    server.use(http.get('/api/admin/actions', () => HttpResponse.json({ message: 'Database unavailable' }, { status: 503 })));
    renderList();
    expect(await screen.findByText('Failed to load the recent admin actions')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
