import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { useUnreadCount } from '../api/get-unread-count';
import { SupportScreen } from './support-screen';
import { message, supportApi, ticket } from './support-test-support';

const billing = ticket('t-billing', { subject: 'I was charged twice', status: 'pending', createdAt: '2026-11-22T09:00:00.000Z' });
const login = ticket('t-login', { subject: 'Cannot log in on my phone', status: 'in-progress', createdAt: '2026-11-21T09:00:00.000Z' });
const export_ = ticket('t-export', { subject: 'Export my plans', status: 'resolved', createdAt: '2026-11-20T09:00:00.000Z' });
const conversations = {
  't-billing': [message('m1', 'user', 'My card shows two payments.'), message('m2', 'admin', 'Sorry about that, we are looking into it.', '2026-11-22T10:00:00.000Z')],
  't-login': [message('m3', 'user', 'The app logs me out.')],
  't-export': [message('m4', 'user', 'Can I export?'), message('m5', 'admin', 'Yes, from the plan page.')],
};

/** What the navigation's Support badge reads (the same query, polled every 10 s). */
function UnreadBadge() {
  const count = useUnreadCount(true).data;
  return <output aria-label="Unread support replies">{count ?? '…'}</output>;
}

function open(api: ReturnType<typeof supportApi>, { withBadge = false } = {}) {
  server.use(meHandler(member()), ...api.handlers);
  const page = (
    <>
      {withBadge ? <UnreadBadge /> : null}
      <SupportScreen />
    </>
  );
  return renderRoutes({ '/support': page }, '/support');
}

const row = (subject: string) => within(screen.getByRole('list', { name: 'Your tickets' })).getByText(subject).closest<HTMLElement>('[data-testid="ticket-row"]')!;
const conversation = () => screen.getByRole('region', { name: 'Conversation' });
/** The text in the open conversation, once it is there (the region itself may still be loading). */
const inConversation = (text: string | RegExp, timeout?: number) => waitFor(() => within(conversation()).getByText(text), { timeout });
const input = () => within(conversation()).getByRole('textbox', { name: 'Your message' });

describe('the support screen', () => {
  it('asks a visitor to sign in, and asks the server nothing', async () => {
    const asked: string[] = [];
    server.use(
      meHandler(null),
      http.all('/api/support/*', ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json([]);
      }),
    );
    renderRoutes({ '/support': <SupportScreen /> }, '/support');
    expect(await screen.findByText('Sign in to continue')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to access support and chat with our team.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?tab=signin&redirect=%2Fsupport');
    expect(asked).toEqual([]);
  });

  it('lists the tickets with their count, status colours and dates, and opens the first one', async () => {
    open(supportApi({ tickets: [billing, login, export_], messages: conversations }));
    expect(await screen.findByRole('heading', { name: 'Your Tickets (3)' })).toBeInTheDocument();

    // Spec §4: pending yellow, in-progress blue, resolved green.
    const status = (subject: string) => row(subject).querySelector('[data-status]')!;
    expect(status('I was charged twice')).toHaveClass('ticket-status-pending');
    expect(status('Cannot log in on my phone')).toHaveClass('bp6-intent-primary');
    expect(status('Export my plans')).toHaveClass('bp6-intent-success');
    expect(within(row('I was charged twice')).getByText('22 November 2026')).toBeInTheDocument();

    // The first ticket is selected without a click: its subject, date, status and conversation.
    await inConversation('My card shows two payments.');
    expect(within(conversation()).getByRole('heading', { name: 'I was charged twice' })).toBeInTheDocument();
    expect(within(conversation()).getByText('Created 22 November 2026')).toBeInTheDocument();
    expect(row('I was charged twice')).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByText('Select a ticket to view the conversation')).not.toBeInTheDocument();

    // Own messages on the right, the support team's on the left.
    expect(within(conversation()).getByText('My card shows two payments.').closest('li')).toHaveClass('message-own');
    expect(within(conversation()).getByText('Sorry about that, we are looking into it.').closest('li')).toHaveClass('message-support');

    await userEvent.click(row('Cannot log in on my phone'));
    expect(await inConversation('The app logs me out.')).toBeInTheDocument();
    expect(within(conversation()).queryByText('My card shows two payments.')).not.toBeInTheDocument();
  });

  it('says so when the member has no tickets yet', async () => {
    open(supportApi({ tickets: [] }));
    expect(await screen.findByText('No tickets yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Tickets (0)' })).toBeInTheDocument();
    expect(screen.getByText('Select a ticket to view the conversation')).toBeInTheDocument();
  });

  it('sends a message with Enter, while Shift+Enter starts a new line', async () => {
    const api = supportApi({ tickets: [login], messages: conversations });
    open(api);
    await inConversation('The app logs me out.');

    await userEvent.type(input(), 'It happens every hour.{Shift>}{Enter}{/Shift}Since Monday.');
    expect(input()).toHaveValue('It happens every hour.\nSince Monday.');
    expect(api.sent).toEqual([]);

    // Only spaces: nothing is sent.
    await userEvent.clear(input());
    await userEvent.type(input(), '   {Enter}');
    expect(api.sent).toEqual([]);

    await userEvent.clear(input());
    await userEvent.type(input(), '  It happens every hour.{Shift>}{Enter}{/Shift}Since Monday.  {Enter}');
    await waitFor(() => expect(api.sent).toEqual([{ ticketId: 't-login', message: 'It happens every hour.\nSince Monday.' }]));
    const sent = await inConversation(/It happens every hour\./);
    expect(sent.closest('li')).toHaveClass('message-own');
    await waitFor(() => expect(input()).toHaveValue(''));
  });

  it('takes a message the server saved but cannot show yet (202) as sent, each with its own Idempotency-Key', async () => {
    const api = supportApi({ tickets: [login], messages: conversations });
    api.answerPending();
    open(api);
    await inConversation('The app logs me out.');
    await userEvent.type(input(), 'First{Enter}');
    await waitFor(() => expect(input()).toHaveValue(''));
    await userEvent.type(input(), 'Second{Enter}');
    await waitFor(() => expect(input()).toHaveValue(''));
    expect(api.sent.map((sent) => sent.message)).toEqual(['First', 'Second']);
    expect(screen.queryByText('Failed to send message. Please try again.')).not.toBeInTheDocument();
    expect(new Set(api.keys).size).toBe(2);
    expect(api.keys.every((key) => typeof key === 'string' && key.length > 0)).toBe(true);
  });

  it('keeps the message and says so when sending fails', async () => {
    const api = supportApi({ tickets: [login], messages: conversations });
    api.failSending();
    open(api);
    await inConversation('The app logs me out.');
    await userEvent.type(input(), 'Still broken{Enter}');
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
    expect(input()).toHaveValue('Still broken');
  });

  it('shows the resolved notice and no input on a resolved ticket', async () => {
    open(supportApi({ tickets: [export_, login], messages: conversations }));
    await inConversation('Yes, from the plan page.');
    expect(within(conversation()).getByText('This ticket has been resolved. Create a new ticket if you need further assistance.')).toBeInTheDocument();
    expect(within(conversation()).queryByRole('textbox')).not.toBeInTheDocument();

    await userEvent.click(row('Cannot log in on my phone'));
    await inConversation('The app logs me out.');
    expect(input()).toBeInTheDocument();
    expect(screen.queryByText(/This ticket has been resolved/)).not.toBeInTheDocument();
  });

  it('refuses a new ticket without both fields, then creates it, closes the dialog and selects it', async () => {
    const api = supportApi({ tickets: [billing], messages: conversations });
    open(api);
    await inConversation('My card shows two payments.');

    await userEvent.click(screen.getByRole('button', { name: 'New Ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Support Ticket' });
    await userEvent.type(within(dialog).getByLabelText('Subject'), 'Refund please');
    await userEvent.type(within(dialog).getByLabelText('Message'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('Missing fields')).toBeInTheDocument();
    expect(screen.getByText('Please fill in both subject and message.')).toBeInTheDocument();
    expect(api.created).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Message'), 'I would like a refund for last month.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('Ticket created')).toBeInTheDocument();
    expect(screen.getByText("Your support ticket has been created. We'll respond soon!")).toBeInTheDocument();
    expect(api.created).toEqual([{ subject: 'Refund please', message: 'I would like a refund for last month.' }]);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Support Ticket' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Your Tickets (2)' })).toBeInTheDocument();
    expect(within(conversation()).getByRole('heading', { name: 'Refund please' })).toBeInTheDocument();
    expect(await inConversation('I would like a refund for last month.')).toBeInTheDocument();
    expect(row('Refund please')).toHaveAttribute('aria-current', 'true');
  });

  it('says so when a ticket cannot be created, keeping the dialog open', async () => {
    const api = supportApi({ tickets: [] });
    api.failCreating();
    open(api);
    await screen.findByText('No tickets yet');
    await userEvent.click(screen.getByRole('button', { name: 'New Ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Support Ticket' });
    await userEvent.type(within(dialog).getByLabelText('Subject'), 'Refund please');
    await userEvent.type(within(dialog).getByLabelText('Message'), 'For last month.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('Failed to create ticket. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Subject')).toHaveValue('Refund please');
  });

  it('marks an opened ticket with unread replies read, and the unread badge goes', async () => {
    let release!: () => void;
    const holdMessages = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = supportApi({ tickets: [{ ...billing, unreadCount: 1 }], messages: conversations, holdMessages });
    open(api, { withBadge: true });

    // The badge counts the reply while the conversation is still on its way.
    const badge = screen.getByLabelText('Unread support replies');
    await waitFor(() => expect(badge).toHaveTextContent('1'));
    expect(api.reads).toEqual([]);

    release();
    await inConversation('Sorry about that, we are looking into it.');
    await waitFor(() => expect(api.reads).toEqual(['t-billing']));
    await waitFor(() => expect(badge).toHaveTextContent('0'));

    // A reply arriving while the ticket is open is marked read too (the conversation polls every 3 s).
    api.reply('t-billing', 'Refunded today.');
    expect(await inConversation('Refunded today.', 8_000)).toBeInTheDocument();
    await waitFor(() => expect(api.reads).toEqual(['t-billing', 't-billing']));
  });
});
