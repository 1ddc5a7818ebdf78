import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/app-server';
import { newMember, setupE2E, signIn } from './support/e2e';

const e2e = setupE2E();

/** The staff view of one ticket, read through the admin's own session (what the select and toggles saved). */
async function staffTicket(admin: Page, subject: string) {
  const response = await admin.request.get('/api/admin/support-tickets');
  expect(response.status()).toBe(200);
  const tickets = (await response.json()) as { subject: string; status: string; priority: string; tags: string[] }[];
  return tickets.find((ticket) => ticket.subject === subject);
}

describe('support tickets between a member and the support team', () => {
  it('a member opens a ticket, an admin answers and triages it in the Support tab, resolves it, and the member sees each step', async () => {
    // The member, signed in, opens a ticket from /support.
    const member = e2e.page;
    const signUp = await member.request.post('/api/auth/signup', { data: { ...newMember(), role: 'free' } });
    expect(signUp.status()).toBe(201);
    await member.goto('/support');
    await member.getByText('No tickets yet').waitFor();
    const subject = `Cannot export my plan ${Date.now()}`;
    await member.getByRole('button', { name: 'New Ticket' }).click();
    const dialog = member.getByRole('form', { name: 'Create Support Ticket' });
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByLabel('Message').fill('The export button does nothing on my plan page.');
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await member.getByText("Your support ticket has been created. We'll respond soon!").waitFor();
    await member.getByText('Your Tickets (1)').waitFor();
    const conversation = member.getByRole('region', { name: 'Conversation' });
    await conversation.getByText('The export button does nothing on my plan page.').waitFor();
    // The member leaves (an open conversation marks replies read as they arrive).
    await member.goto('/dashboard');

    // The admin answers in the dashboard's Support tab, and sets priority high and the tag Bug.
    const admin = await e2e.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/dashboard');
    await admin.getByRole('tab', { name: 'Support' }).click();
    await admin.waitForURL((url) => url.searchParams.get('tab') === 'support');
    await admin.getByRole('button', { name: new RegExp(subject) }).click();
    const thread = admin.getByRole('list', { name: 'Messages' });
    await thread.getByText('The export button does nothing on my plan page.').waitFor();
    const reply = admin.getByRole('textbox', { name: 'Reply' });
    await reply.fill('Thanks, we are looking into it.');
    await reply.press('Enter');
    await thread.getByText('Thanks, we are looking into it.').waitFor();
    await admin.getByLabel('Priority').selectOption('high');
    await admin.getByRole('group', { name: 'Tags' }).getByRole('button', { name: 'Bug' }).click();
    await expect.poll(async () => (await staffTicket(admin, subject))?.priority).toBe('high');
    await expect.poll(async () => (await staffTicket(admin, subject))?.tags).toEqual(['Bug']);

    // The member sees the unread badge, then the reply; reading it clears the badge.
    await member.getByLabel('1 unread').waitFor({ timeout: 20_000 });
    await member.goto('/support');
    await conversation.getByText('Thanks, we are looking into it.').waitFor();
    await member.getByLabel('1 unread').waitFor({ state: 'detached', timeout: 20_000 });

    // The admin resolves the ticket; the member's next look shows the notice and no message box.
    await admin.getByLabel('Status').selectOption('resolved');
    await expect.poll(async () => (await staffTicket(admin, subject))?.status).toBe('resolved');
    await member.reload();
    await member
      .getByText('This ticket has been resolved. Create a new ticket if you need further assistance.')
      .waitFor({ timeout: 20_000 });
    expect(await member.getByRole('textbox', { name: 'Your message' }).count()).toBe(0);
  });

  it('a visitor on /support is asked to sign in', async () => {
    const { page } = e2e;
    await page.goto('/support');
    await page.getByText('Sign in to continue').waitFor();
    await page.getByText('Please sign in to access support and chat with our team.').waitFor();
  });
});
