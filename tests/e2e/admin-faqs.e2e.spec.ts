import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/app-server';
import { setupE2E, signIn } from './support/e2e';

const e2e = setupE2E();

describe('the admin FAQs and Platforms tabs, and the public /faqs page (issue 33)', () => {
  it('the admin adds two FAQs and moves the second first; a visitor reads them numbered in that order and filters the platforms', async () => {
    const admin = e2e.page;
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/dashboard');
    await admin.getByRole('tab', { name: 'FAQs' }).click();
    await admin.waitForURL((url) => url.searchParams.get('tab') === 'faqs');

    // Two FAQs, in display order -50 then -40 (below any other FAQ the database may hold), whose
    // questions no starter FAQ holds (the list is matched by question).
    const add = async (question: string, answer: string, order: string) => {
      await admin.getByLabel('Question').fill(question);
      await admin.getByLabel('Answer').fill(answer);
      await admin.getByLabel('Display Order').fill(order);
      await admin.getByRole('button', { name: 'Add FAQ' }).click();
      await admin.getByTestId('admin-faq').filter({ hasText: question }).waitFor();
      await expect.poll(() => admin.getByLabel('Question').inputValue()).toBe('');
    };
    await add('When do my credits renew?', 'Each month you get new credits.', '-50');
    await add('Can I cancel anytime?', 'Yes, from the billing portal.', '-40');

    // The second comes first once its display order is lowered.
    await admin.getByTestId('admin-faq').filter({ hasText: 'Can I cancel anytime?' }).getByRole('button', { name: 'Edit' }).click();
    await admin.getByRole('heading', { name: 'Edit FAQ' }).waitFor();
    await admin.getByLabel('Display Order').fill('-60');
    await admin.getByRole('button', { name: 'Update FAQ' }).click();
    await admin.getByRole('heading', { name: 'Add New FAQ' }).waitFor();
    await expect.poll(async () => (await admin.getByTestId('admin-faq').first().textContent()) ?? '').toContain('Can I cancel anytime?');

    // Two platforms in two categories, through the Platforms tab's API as the admin.
    for (const link of [
      { platformName: 'Gigsy', category: 'Micro-Task & Gig Platforms', url: 'https://gigsy.example', description: 'Small paid tasks.' },
      { platformName: 'Coursely', category: 'Education & Coaching', url: 'https://coursely.example', description: 'Sell courses.' },
    ]) {
      const saved = await admin.request.post('/api/admin/skilly-urls', { data: link });
      expect(saved.status()).toBe(201);
    }

    // A visitor reads /faqs.
    const visitor = await e2e.newPage();
    await visitor.goto('/faqs');
    const faqs = visitor.getByTestId('faq');
    await faqs.first().waitFor();
    expect(await faqs.nth(0).textContent()).toBe('01Can I cancel anytime?');
    expect(await faqs.nth(1).textContent()).toBe('02When do my credits renew?');
    await visitor.getByRole('button', { name: /Can I cancel anytime\?/ }).click();
    await visitor.getByText('Yes, from the billing portal.').waitFor();

    // The category chips filter the directory.
    const cards = visitor.getByTestId('platform-card');
    await cards.filter({ hasText: 'Gigsy' }).waitFor();
    await visitor.getByRole('button', { name: 'Education & Coaching' }).click();
    await expect.poll(() => cards.filter({ hasText: 'Gigsy' }).count()).toBe(0);
    expect(await cards.filter({ hasText: 'Coursely' }).count()).toBe(1);
    const visit = cards.filter({ hasText: 'Coursely' }).getByRole('link', { name: 'Visit Platform' });
    expect(await visit.getAttribute('href')).toBe('https://coursely.example');
    expect(await visit.getAttribute('rel')).toContain('noopener');
    await visitor.getByRole('button', { name: 'All Platforms' }).click();
    await cards.filter({ hasText: 'Gigsy' }).waitFor();
    await visitor.getByRole('link', { name: 'Sign in to contact support' }).waitFor();
  });
});
