import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { meHandler, member } from '../../../../test/api';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { SupportDesk } from './support-desk';
import { historyEntry, memberContext, staffSupportApi, staffTicket, ticketMessage } from './support-test-support';

const renderDesk = () => renderRoutes({ '/support': <SupportDesk /> }, '/support');

const listItem = (subject: string) =>
  screen.getAllByTestId('desk-ticket-list-item').find((item) => within(item).queryByText(subject) !== null)!;

const conversation = () => screen.getByRole('region', { name: 'Conversation' });

async function open(subject: string) {
  await userEvent.click(await screen.findByText(subject));
  return within(conversation()).findByRole('heading', { name: subject });
}

const printer = staffTicket('t1', {
  subject: 'Printer of invoices is broken',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  createdAt: '2026-11-22T09:00:00.000Z',
});
const refund = staffTicket('t2', {
  subject: 'Refund for November',
  status: 'resolved',
  firstName: 'Alan',
  lastName: 'Turing',
  email: 'alan@example.com',
  createdAt: '2026-11-21T09:00:00.000Z',
});

describe('the staff support desk', () => {
  it('says when there are no tickets and that nothing is selected', async () => {
    staffSupportApi({ tickets: [] });
    renderDesk();
    expect(await screen.findByText('No support tickets yet')).toBeInTheDocument();
    expect(screen.getByText('Select a ticket to view conversation')).toBeInTheDocument();
  });

  it('lists each ticket with its subject, status badge, member name and created date, marking unread ones', async () => {
    staffSupportApi({ tickets: [printer, { ...refund, unreadCount: 2 }] });
    renderDesk();
    await screen.findByText('Printer of invoices is broken');

    const first = listItem('Printer of invoices is broken');
    expect(within(first).getByText('pending').closest('[data-status]')).toHaveAttribute('data-status', 'pending');
    expect(within(first).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(first).getByText('22 Nov 2026')).toBeInTheDocument();
    expect(within(first).queryByLabelText(/unread/)).not.toBeInTheDocument();

    const second = listItem('Refund for November');
    expect(within(second).getByText('resolved').closest('[data-status]')).toHaveAttribute('data-status', 'resolved');
    expect(within(second).getByText('Alan Turing')).toBeInTheDocument();
    expect(within(second).getByLabelText('2 unread')).toBeInTheDocument();
    expect(screen.getByText('Select a ticket to view conversation')).toBeInTheDocument();
  });

  it('shows the open ticket: name, mailto link, date, and the thread with Admin messages left and User messages right', async () => {
    staffSupportApi({
      tickets: [printer, refund],
      messages: {
        t1: [ticketMessage('m1', 'user', 'The invoice printer jams on page two.'), ticketMessage('m2', 'admin', 'Which browser do you use?')],
      },
    });
    renderDesk();
    await open('Printer of invoices is broken');

    const panel = within(conversation());
    const header = within(panel.getByRole('heading', { name: 'Printer of invoices is broken' }).closest('header')!);
    expect(header.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
    expect(header.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(header.getByText('22 Nov 2026')).toBeInTheDocument();

    const fromMember = (await panel.findByText('The invoice printer jams on page two.')).closest('li')!;
    const fromStaff = panel.getByText('Which browser do you use?').closest('li')!;
    expect(within(fromMember).getByText('User')).toBeInTheDocument();
    expect(fromMember).toHaveClass('ticket-message--user');
    expect(within(fromStaff).getByText('Admin')).toBeInTheDocument();
    expect(fromStaff).toHaveClass('ticket-message--admin');

    // Another ticket without messages says so.
    await open('Refund for November');
    expect(await within(conversation()).findByText('No messages yet')).toBeInTheDocument();
  });

  it('sends the staff read mark when a ticket with unread member messages is opened, and only then', async () => {
    const api = staffSupportApi({ tickets: [{ ...printer, unreadCount: 1 }, refund] });
    renderDesk();
    await screen.findByLabelText('1 unread');

    await open('Refund for November');
    await open('Printer of invoices is broken');
    await waitFor(() => expect(api.callsTo('PATCH', '/api/admin/support-tickets/t1/read')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByLabelText('1 unread')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH', '/api/admin/support-tickets/t2/read')).toHaveLength(0);
  });

  it('sends a reply on Enter, not on Shift+Enter, and never a blank one', async () => {
    const api = staffSupportApi({ tickets: [printer] });
    renderDesk();
    await open('Printer of invoices is broken');
    const box = within(conversation()).getByRole('textbox', { name: 'Reply' });

    await userEvent.type(box, '   {Enter}');
    expect(within(conversation()).getByRole('button', { name: 'Send' })).toBeDisabled();

    await userEvent.clear(box);
    await userEvent.type(box, 'Thanks for the report.{Shift>}{Enter}{/Shift}We are on it.');
    expect(box).toHaveValue('Thanks for the report.\nWe are on it.');
    expect(api.callsTo('POST', '/api/admin/support-tickets/t1/messages')).toHaveLength(0);

    await userEvent.type(box, '{Enter}');
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/admin/support-tickets/t1/messages').map((call) => call.body)).toEqual([
        { message: 'Thanks for the report.\nWe are on it.' },
      ]),
    );
    const reply = (await within(conversation()).findByText(/Thanks for the report\./)).closest('li')!;
    expect(within(reply).getByText('Admin')).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('tells staff when a reply fails, with the server reason, and keeps the text', async () => {
    staffSupportApi({ tickets: [printer] });
    server.use(
      http.post('/api/admin/support-tickets/:id/messages', () =>
        HttpResponse.json({ message: 'A message has at most 5000 characters', code: 'validation_failed' }, { status: 400 }),
      ),
    );
    renderDesk();
    await open('Printer of invoices is broken');
    const box = within(conversation()).getByRole('textbox', { name: 'Reply' });
    await userEvent.type(box, 'Hello{Enter}');
    // Back-office §8: a toast titled 'Error', the failure and the server's reason.
    expect(await screen.findByText('Failed to send message: A message has at most 5000 characters')).toBeInTheDocument();
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
    expect(box).toHaveValue('Hello');
  });

  it('changes status through the status call, and priority and tags (the whole set) through the ticket call', async () => {
    const api = staffSupportApi({ tickets: [{ ...printer, tags: ['Billing'] }] });
    renderDesk();
    await open('Printer of invoices is broken');
    const panel = within(conversation());

    await userEvent.selectOptions(panel.getByLabelText('Status'), 'in-progress');
    await waitFor(() => expect(api.callsTo('PATCH', '/api/admin/support-tickets/t1/status').map((c) => c.body)).toEqual([{ status: 'in-progress' }]));
    await waitFor(() => expect(within(listItem('Printer of invoices is broken')).getByText('in-progress')).toBeInTheDocument());

    await userEvent.selectOptions(panel.getByLabelText('Priority'), 'urgent');
    await waitFor(() => expect(api.callsTo('PATCH', '/api/admin/support-tickets/t1').map((c) => c.body)).toEqual([{ priority: 'urgent' }]));
    expect(panel.getByLabelText('Priority')).toHaveValue('urgent');

    const tags = within(panel.getByRole('group', { name: 'Tags' }));
    expect(tags.getByRole('button', { name: 'Billing' })).toHaveAttribute('aria-pressed', 'true');
    expect(tags.getByRole('button', { name: 'Bug' })).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(tags.getByRole('button', { name: 'Bug' }));
    await waitFor(() => expect(tags.getByRole('button', { name: 'Bug' })).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(tags.getByRole('button', { name: 'Billing' }));
    await waitFor(() => expect(tags.getByRole('button', { name: 'Billing' })).toHaveAttribute('aria-pressed', 'false'));

    expect(api.callsTo('PATCH', '/api/admin/support-tickets/t1').map((c) => c.body)).toEqual([
      { priority: 'urgent' },
      { tags: ['Bug', 'Billing'] },
      { tags: ['Bug'] },
    ]);
  });

  it('puts the value back and says so when the server refuses a change', async () => {
    staffSupportApi({ tickets: [printer] });
    server.use(
      http.patch('/api/admin/support-tickets/:id', () => HttpResponse.json({ message: 'Ticket not found', code: 'not_found' }, { status: 404 })),
    );
    renderDesk();
    await open('Printer of invoices is broken');
    const priority = within(conversation()).getByLabelText('Priority');

    await userEvent.selectOptions(priority, 'high');
    // Back-office §8: a toast titled 'Error', the failure and the server's reason.
    expect(await screen.findByText('Failed to update ticket: Ticket not found')).toBeInTheDocument();
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
    await waitFor(() => expect(priority).toHaveValue('medium'));
  });

  it("asks 'Delete this ticket?' and deletes only once confirmed", async () => {
    const api = staffSupportApi({ tickets: [printer, refund] });
    renderDesk();
    await open('Printer of invoices is broken');

    await userEvent.click(within(conversation()).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete this ticket?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/admin/support-tickets/t1')).toHaveLength(0);

    await userEvent.click(within(conversation()).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/admin/support-tickets/t1')).toHaveLength(1));
    expect(await screen.findByText('Select a ticket to view conversation')).toBeInTheDocument();
    expect(screen.queryByText('Printer of invoices is broken')).not.toBeInTheDocument();
    expect(screen.getByText('Refund for November')).toBeInTheDocument();
  });

  it('keeps the ticket and says why when a delete is refused', async () => {
    staffSupportApi({ tickets: [printer] });
    server.use(http.delete('/api/admin/support-tickets/:id', () => HttpResponse.json({ message: 'Only staff may do this' }, { status: 403 })));
    renderDesk();
    await open('Printer of invoices is broken');
    await userEvent.click(within(conversation()).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    // Back-office §8: a toast titled 'Error', the failure and the server's reason.
    expect(await screen.findByText('Failed to delete ticket: Only staff may do this')).toBeInTheDocument();
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
    expect(within(conversation()).getByRole('heading', { name: 'Printer of invoices is broken' })).toBeInTheDocument();
  });

  it("shows the ticket's history (who, in which role, when, what) and the member's context", async () => {
    staffSupportApi({
      tickets: [printer, refund],
      history: {
        t1: [
          historyEntry({ summary: 'Opened: Printer of invoices is broken' }),
          historyEntry({
            type: 'TicketStatusChanged',
            at: '2026-11-22T10:30:00.000Z',
            actor: { kind: 'user', id: 'mod-1', name: 'Grace Hopper', role: 'moderator' },
            summary: 'Status: pending → in-progress',
          }),
        ],
      },
      members: {
        t1: memberContext({ role: 'pro', planCount: 4 }),
        t2: memberContext({ lastPayment: { amount: 19.5, currency: 'usd', status: 'succeeded', createdAt: '2026-11-02T10:00:00.000Z' } }),
      },
    });
    renderDesk();
    await open('Printer of invoices is broken');

    const history = within(await screen.findByRole('list', { name: 'History' }));
    const steps = history.getAllByRole('listitem');
    expect(steps).toHaveLength(2);
    expect(within(steps[0]!).getByText('Opened: Printer of invoices is broken')).toBeInTheDocument();
    expect(within(steps[1]!).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(steps[1]!).getByText('moderator')).toBeInTheDocument();
    expect(within(steps[1]!).getByText('Status: pending → in-progress')).toBeInTheDocument();
    expect(within(steps[1]!).getByText(/22 Nov 2026/)).toBeInTheDocument();

    const member = () => within(screen.getByRole('region', { name: 'Member' }));
    await waitFor(() => expect(member().getByText('pro')).toBeInTheDocument());
    expect(member().getByText('Help credits').nextElementSibling).toHaveTextContent('4/5 used');
    expect(member().getByText('Plans').nextElementSibling).toHaveTextContent('4');
    expect(member().getByText('No payments yet')).toBeInTheDocument();

    await open('Refund for November');
    await waitFor(() => expect(member().getByText('USD 19.50, succeeded, 2 Nov 2026')).toBeInTheDocument());
  });

  it('finds new messages of the open ticket (3 s poll) and new tickets (5 s poll) without a reload', async () => {
    const api = staffSupportApi({ tickets: [printer] });
    renderDesk();
    await open('Printer of invoices is broken');
    expect(await within(conversation()).findByText('No messages yet')).toBeInTheDocument();

    api.memberWrites('t1', ticketMessage('m9', 'user', 'Any news?'));
    api.ticketOpened(refund);
    expect(await within(conversation()).findByText('Any news?', {}, { timeout: 4_500 })).toBeInTheDocument();
    expect(await screen.findByText('Refund for November', {}, { timeout: 6_000 })).toBeInTheDocument();
  });

  it('reads the latest 50 messages, polls only for newer ones and appends them, and loads earlier ones on demand (issue 48)', async () => {
    const thread = Array.from({ length: 120 }, (_, i) => ticketMessage(`m${i}`, i % 2 ? 'admin' : 'user', `Message number ${i}`));
    const api = staffSupportApi({ tickets: [printer], messages: { t1: thread } });
    renderDesk();
    await open('Printer of invoices is broken');
    const messages = () => within(within(conversation()).getByRole('list', { name: 'Messages' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(await within(conversation()).findByText('Message number 119')).toBeInTheDocument();
    expect(messages()).toHaveLength(50);
    expect(within(conversation()).queryByText('Message number 69')).not.toBeInTheDocument();
    expect(api.threadReads()[0]).toBe('');

    api.memberWrites('t1', ticketMessage('m120', 'user', 'Any news?'));
    expect(await within(conversation()).findByText('Any news?', {}, { timeout: 4_500 })).toBeInTheDocument();
    expect(api.threadReads()).toContain('?after=m119');
    expect(messages()).toHaveLength(51);

    await userEvent.click(within(conversation()).getByRole('button', { name: 'Load earlier messages' }));
    expect(await within(conversation()).findByText('Message number 70')).toBeInTheDocument();
    expect(api.threadReads()).toContain('?before=m70');
    await userEvent.click(within(conversation()).getByRole('button', { name: 'Load earlier messages' }));
    expect(await within(conversation()).findByText('Message number 0')).toBeInTheDocument();
    expect(messages()).toHaveLength(121);
    expect(messages()[0]).toContain('Message number 0');
    expect(within(conversation()).queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it('says when the tickets cannot be loaded and tries again on Retry', async () => {
    let fail = true;
    server.use(
      meHandler(member({ role: 'moderator' })),
      http.get('/api/admin/support-tickets', () => (fail ? HttpResponse.text('boom', { status: 500 }) : HttpResponse.json([]))),
    );
    renderDesk();
    expect(await screen.findByText('Failed to load support tickets')).toBeInTheDocument();
    expect(screen.getByText('500: boom')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No support tickets yet')).toBeInTheDocument();
  });
});
