import { type EmailTemplateDto, emailTemplateSchema, type OutboxEmailsResponse, outboxEmailsResponseSchema } from '@contracts/email-templates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { meHandler, member } from '../../../../test/api';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { EmailsTab } from './emails-tab';

const template = (id: string, overrides: Partial<EmailTemplateDto> = {}): EmailTemplateDto =>
  emailTemplateSchema.parse({
    id,
    name: 'Password reset',
    subject: 'Reset your Skilly password',
    htmlBody: '<p>Hello {{firstName}}, <a href="{{resetLink}}">reset</a></p>',
    isActive: 'true',
    placeholders: ['firstName', 'resetLink', 'appUrl'],
    updatedAt: '2026-11-25T08:00:00.000Z',
    ...overrides,
  });

const reset = template('password-reset');
const welcome = template('welcome', { name: 'Welcome', subject: 'Welcome to Skilly, {{firstName}}', isActive: 'false', placeholders: ['firstName', 'appUrl'] });

const log = (overrides: Partial<OutboxEmailsResponse> = {}): OutboxEmailsResponse =>
  outboxEmailsResponseSchema.parse({
    delivery: 'smtp',
    emails: [
      { id: '2', recipient: 'ada@example.com', subject: 'Reset your Skilly password', template: 'password-reset', status: 'failed', attempts: 5, lastError: '451 Mailbox busy', createdAt: '2026-11-25T08:00:00.000Z', nextAttemptAt: null, sentAt: null },
      { id: '1', recipient: 'bo@example.com', subject: 'Welcome to Skilly, Bo', template: 'welcome', status: 'sent', attempts: 1, lastError: null, createdAt: '2026-11-25T07:00:00.000Z', nextAttemptAt: null, sentAt: '2026-11-25T07:00:05.000Z' },
    ],
    ...overrides,
  });

function open(templates: EmailTemplateDto[], emails: OutboxEmailsResponse = log()) {
  server.use(
    meHandler(member({ role: 'admin' })),
    http.get('/api/admin/email-templates', () => HttpResponse.json(templates)),
    http.get('/api/admin/emails', () => HttpResponse.json(emails)),
  );
  return renderRoutes({ '/dashboard': <EmailsTab /> }, '/dashboard');
}

const card = (name: string) => screen.getByText(name, { selector: 'strong' }).closest<HTMLElement>('[data-testid="email-template-card"]')!;

describe('the admin Emails tab', () => {
  it('shows a grid of templates with name, subject and an Active or Inactive badge', async () => {
    open([reset, welcome]);
    expect(await screen.findByText('Password reset')).toBeInTheDocument();
    expect(within(card('Password reset')).getByText('Reset your Skilly password')).toBeInTheDocument();
    expect(within(card('Password reset')).getByTestId('template-active')).toHaveTextContent('Active');
    expect(within(card('Welcome')).getByTestId('template-active')).toHaveTextContent('Inactive');
  });

  it('says so when there are no templates', async () => {
    open([]);
    expect(await screen.findByText('No email templates found')).toBeInTheDocument();
  });

  it('edits a template with a live preview in a sandboxed frame, sends the change and shows Saving... meanwhile', async () => {
    let sent: unknown;
    open([reset, welcome]);
    server.use(
      http.patch('/api/admin/email-templates/password-reset', async ({ request }) => {
        sent = await request.json();
        await delay(100);
        return HttpResponse.json({ ...reset, subject: 'New subject for {{firstName}}', isActive: 'false' });
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Password reset' }));
    const subject = screen.getByLabelText('Subject Line');
    await userEvent.clear(subject);
    await userEvent.type(subject, 'New subject for {{{{firstName}}');
    expect(screen.getByTestId('preview-subject')).toHaveTextContent('New subject for Alex');
    const frame = screen.getByTitle('Email preview');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('Hello Alex, <a href="http://localhost:3000/reset-password?token=sample-token">reset</a>');
    await userEvent.click(screen.getByLabelText('Active'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled());
    expect(sent).toEqual({ subject: 'New subject for {{firstName}}', htmlBody: reset.htmlBody, isActive: 'false' });
    await userEvent.click(screen.getAllByRole('button', { name: 'Back' })[0]);
    expect(await screen.findByText('Email Templates')).toBeInTheDocument();
  });

  it('keeps Save Changes disabled while the subject or the body is blank', async () => {
    open([reset]);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Password reset' }));
    await userEvent.clear(screen.getByLabelText('HTML Body'));
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it('toasts "Failed to update email template" with the server’s reason', async () => {
    open([reset]);
    server.use(http.patch('/api/admin/email-templates/password-reset', () => HttpResponse.json({ message: 'Subject Line is required' }, { status: 400 })));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Password reset' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update email template: Subject Line is required')).toBeInTheDocument();
  });

  it('shows the delivery log with each email’s state, attempts and reason', async () => {
    open([reset]);
    const entries = await screen.findAllByTestId('email-log-entry');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]).getByTestId('email-status')).toHaveTextContent('failed');
    expect(within(entries[0]).getByText('451 Mailbox busy')).toBeInTheDocument();
    expect(within(entries[0]).getByText('5 attempts')).toBeInTheDocument();
    expect(within(entries[1]).getByTestId('email-status')).toHaveTextContent('sent');
    expect(within(entries[1]).getByText('bo@example.com')).toBeInTheDocument();
  });

  it('says when no SMTP server delivers the outbox', async () => {
    open([reset], log({ delivery: 'outbox-only', emails: [] }));
    expect(await screen.findByText(/No SMTP server is configured/)).toBeInTheDocument();
    expect(screen.getByText('No emails sent yet')).toBeInTheDocument();
  });
});
