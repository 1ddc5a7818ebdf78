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

  it('a moderator reads true home copy linking the desk, and gets the desk within the page at 1280 and 390 with no contact messages section; an admin gets that section', async () => {
    const admin = await e2e.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/dashboard');
    const person = newMember();
    const signUp = await e2e.page.request.post('/api/auth/signup', { data: { ...person, role: 'free' } });
    expect(signUp.status()).toBe(201);
    const { user } = (await signUp.json()) as { user: { id: string } };
    const subject = `Desk layout ${Date.now()}`;
    expect((await e2e.page.request.post('/api/support/tickets', { data: { subject, message: 'Where is my plan?' } })).status()).toBe(201);
    expect((await admin.request.put(`/api/admin/users/${user.id}/role`, { data: { role: 'moderator' } })).status()).toBe(200);

    const moderator = await e2e.newPage();
    const asked: string[] = [];
    moderator.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await signIn(moderator, person.email, person.password);
    await moderator.waitForURL((url) => url.pathname === '/dashboard');
    await moderator.getByText('You have access to the support desk to answer members’ tickets.').waitFor();
    expect(await moderator.getByText('You have access to the admin dashboard to manage the platform').count()).toBe(0);
    await moderator.getByRole('link', { name: 'Open the support desk' }).click();
    await moderator.waitForURL((url) => url.pathname === '/support');

    // The desk sits within the page's width under its heading, centred like every other page.
    await moderator.getByRole('button', { name: new RegExp(subject) }).click();
    await moderator.getByRole('list', { name: 'Messages' }).getByText('Where is my plan?').waitFor();
    const layout = () =>
      moderator.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
        const heading = box('h1.page-title');
        const list = box('.support-desk-list');
        const detail = box('.support-desk-detail');
        const width = document.documentElement.clientWidth;
        return { width, scrollWidth: document.documentElement.scrollWidth, heading: heading.left, left: list.left, listBottom: list.bottom, right: width - detail.right, detailTop: detail.top, detailLeft: detail.left };
      });
    const wide = await layout();
    expect(wide.left).toBeGreaterThan(60);
    expect(Math.abs(wide.left - wide.heading)).toBeLessThan(1);
    expect(Math.abs(wide.left - wide.right)).toBeLessThan(2);
    expect(wide.scrollWidth).toBeLessThanOrEqual(wide.width);

    // On a phone: the list above the conversation, both within the screen.
    await moderator.setViewportSize({ width: 390, height: 844 });
    const narrow = await layout();
    expect(narrow.scrollWidth).toBeLessThanOrEqual(390);
    expect(narrow.left).toBeGreaterThanOrEqual(16);
    expect(Math.abs(narrow.left - narrow.heading)).toBeLessThan(1);
    expect(Math.abs(narrow.left - narrow.right)).toBeLessThan(2);
    expect(narrow.detailTop).toBeGreaterThanOrEqual(narrow.listBottom);
    expect(Math.abs(narrow.detailLeft - narrow.left)).toBeLessThan(1);

    // The contact form's messages are the admins' (their call answers a moderator 403): not asked, not shown.
    expect(asked.filter((path) => path.startsWith('/api/admin/contact-messages'))).toEqual([]);
    expect(await moderator.getByText('Failed to load contact messages').count()).toBe(0);
    expect(await moderator.getByRole('heading', { name: 'Contact messages', exact: true }).count()).toBe(0);
    await admin.goto('/support');
    await admin.getByRole('heading', { name: 'Contact messages', exact: true }).waitFor();
  });

  it('on a phone a member sees the unread count without opening the menu, a yellow pending badge, the whole placeholder and the last bubble whole', async () => {
    const admin = await e2e.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/dashboard');
    const phone = await e2e.newPage({ width: 390, height: 844 });
    expect((await phone.request.post('/api/auth/signup', { data: { ...newMember(), role: 'free' } })).status()).toBe(201);
    const created = await phone.request.post('/api/support/tickets', { data: { subject: 'On my phone', message: 'The first message of this ticket.' } });
    const { id } = (await created.json()) as { id: string };
    for (let i = 1; i <= 6; i++) {
      await phone.request.post(`/api/support/tickets/${id}/messages`, { data: { message: `Message ${i} with enough words to wrap inside its bubble` } });
    }
    expect((await admin.request.post(`/api/admin/support-tickets/${id}/messages`, { data: { message: 'The last reply, to be read whole.' } })).status()).toBe(201);

    // The unread reply shows on the Menu button itself.
    await phone.goto('/dashboard');
    const menu = phone.getByRole('button', { name: /^Menu/ });
    await menu.getByTestId('menu-unread').waitFor({ timeout: 20_000 });
    expect(await menu.getByTestId('menu-unread').textContent()).toBe('1');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    await phone.goto('/support');
    const conversation = phone.getByRole('region', { name: 'Conversation' });
    await conversation.getByText('The last reply, to be read whole.').waitFor();
    // Member-product §4: pending is yellow (Blueprint's own grey for a minimal tag must not win).
    const badge = conversation.locator('[data-status="pending"]');
    expect(await badge.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgba(251, 208, 101, 0.45)');

    const box = conversation.getByRole('textbox', { name: 'Your message' });
    const measure = () =>
      box.evaluate((element: HTMLTextAreaElement) => {
        // The height the placeholder needs, measured on a copy of the box holding it as text.
        const copy = element.cloneNode() as HTMLTextAreaElement;
        Object.assign(copy.style, { position: 'absolute', flex: 'none', height: '0px', width: `${element.getBoundingClientRect().width}px` });
        copy.value = element.placeholder;
        element.parentElement!.appendChild(copy);
        const needed = copy.scrollHeight;
        copy.remove();
        const body = document.querySelector('.conversation-body')!;
        const last = [...document.querySelectorAll('.message-bubble')].at(-1)!.getBoundingClientRect();
        return { needed, height: element.clientHeight, gap: body.getBoundingClientRect().bottom - last.bottom, top: last.top - body.getBoundingClientRect().top };
      });
    for (const seen of [await measure()]) {
      expect(seen.needed).toBeLessThanOrEqual(seen.height);
      expect(seen.gap).toBeGreaterThanOrEqual(4);
      expect(seen.top).toBeGreaterThan(0);
    }
    await box.fill('A new message typed on the phone, long enough to wrap over two lines');
    await box.press('Enter');
    await conversation.getByRole('list', { name: 'Messages' }).getByText('A new message typed on the phone').waitFor();
    await expect.poll(async () => (await measure()).gap).toBeGreaterThanOrEqual(4);
    const after = await measure();
    expect(after.needed).toBeLessThanOrEqual(after.height);
    // A narrower phone (320 px) still shows the whole placeholder.
    await phone.setViewportSize({ width: 320, height: 640 });
    const narrow = await measure();
    expect(narrow.needed).toBeLessThanOrEqual(narrow.height);
  });
});
