import { monthlyAllowances as allowances } from '../../backend/domain/credits/allowances';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/app-server';
import { newMember, setupE2E, signIn } from './support/e2e';

const e2e = setupE2E();

/** The member's ledger as the dashboard reads it, through the member's own session. */
async function credits(page: Page) {
  const response = await page.request.get('/api/credits');
  expect(response.status()).toBe(200);
  return (await response.json()) as { tier: string; allowances: Record<string, number> };
}

describe('Pro through the simulated gateway (no Stripe keys: TEST mode)', () => {
  it('a free member pays on the TEST checkout and is Pro at once; the admin sees the TEST payment; cancelling in the portal makes them free at period end', async () => {
    const member = e2e.page;
    const person = newMember();
    const signUp = await member.request.post('/api/auth/signup', { data: { ...person, role: 'free' } });
    expect(signUp.status()).toBe(201);
    expect((await credits(member)).tier).toBe('free');

    // The upsell page: the offer, then checkout on the gateway's TEST page.
    await member.goto('/upsell');
    await member.getByText('$9.99').first().waitFor();
    await member.getByText('$19.99').first().waitFor();
    await member.getByRole('button', { name: 'Get Started with Pro' }).click();
    await member.waitForURL((url) => url.pathname.startsWith('/billing/test-checkout/'));
    await member.getByText(/TEST MODE/).waitFor();
    await member.getByRole('button', { name: 'Pay $9.99' }).click();

    // Back on the dashboard as Pro, with the pro allowances of the current period.
    await member.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.get('success') === 'true');
    await member.getByText('Welcome to Pro!').waitFor();
    await expect.poll(async () => member.getByTestId('subscription-tier').textContent()).toBe('Pro');
    const pro = await credits(member);
    expect(pro.tier).toBe('pro');
    expect(pro.allowances).toEqual(allowances.pro);

    // The admin's Billing tab lists the TEST payment.
    const admin = await e2e.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/dashboard');
    await admin.getByRole('tab', { name: 'Billing' }).click();
    await admin.waitForURL((url) => url.searchParams.get('tab') === 'billing');
    const payment = admin.getByTestId('payment-card').filter({ hasText: person.email });
    await payment.waitFor();
    await payment.getByText('TEST', { exact: true }).waitFor();
    await payment.getByText('Subscription', { exact: true }).waitFor();
    await payment.getByText(/9\.99/).waitFor();
    await payment.getByText('Billed monthly').waitFor();

    // The member cancels in the portal: still Pro until the period ends, then free again.
    await member.goto('/profile');
    await member.getByRole('button', { name: 'Manage Subscription' }).click();
    await member.waitForURL((url) => url.pathname.startsWith('/billing/test-portal/'));
    await member.getByRole('button', { name: 'Cancel subscription' }).click();
    await member.getByText(/ends on/i).first().waitFor();
    expect((await credits(member)).tier).toBe('pro');
    // Cancelled: the dashboard and the profile say until when the member is Pro.
    const portal = member.url();
    for (const page of ['/dashboard', '/profile']) {
      await member.goto(page);
      const proUntil = member.getByTestId('pro-until');
      await proUntil.waitFor();
      expect(await proUntil.textContent(), page).toMatch(/^Pro until \d{1,2} [A-Z][a-z]+ \d{4}$/);
    }
    await member.goto(portal);
    await member.getByRole('button', { name: 'End billing period now' }).click();
    await member.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(async () => member.getByTestId('subscription-tier').textContent()).toBe('Free Forever');
    const free = await credits(member);
    expect(free.tier).toBe('free');
    expect(free.allowances).toEqual(allowances.free);
  });
});
