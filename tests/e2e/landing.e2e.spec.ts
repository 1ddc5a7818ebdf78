import { defaultHomepageContent } from '@contracts/homepage-content';
import { describe, expect, it } from 'vitest';
import { setupE2E } from './support/e2e';

const e2e = setupE2E({ width: 1280, height: 900 });

const cardPrompts = (side: 'left' | 'right') =>
  e2e.page.locator(`[data-testid="examples-${side}"] .example-card-prompt`).allTextContents();

describe('landing page', () => {
  it('shows a visitor every section, and the example cards keep changing', async () => {
    const { page } = e2e;
    await page.goto('/');

    const { hero, howItWorks, testimonials, pricing, footer } = defaultHomepageContent;
    await page.getByRole('heading', { level: 1, name: hero.headline }).waitFor();
    await page.getByRole('textbox', { name: hero.prompt }).waitFor();
    expect(await page.getByRole('button', { name: hero.ctaButton }).isDisabled()).toBe(true);
    await page.getByText('Pro accounts only').waitFor();

    await page.locator('#hero-prompt').waitFor();
    await page.locator('#how-it-works').getByRole('heading', { name: howItWorks.mainHeading }).waitFor();
    for (const step of howItWorks.steps) await page.getByRole('heading', { name: step.title }).waitFor();
    await page.getByRole('heading', { name: testimonials.mainHeading }).waitFor();
    await page.locator('#pricing').getByRole('heading', { name: pricing.mainHeading }).waitFor();
    for (const tier of pricing.tiers) await page.locator('#pricing').getByRole('heading', { name: tier.name }).waitFor();
    await page.getByText('MOST POPULAR').waitFor();
    await page.getByText(pricing.guarantee).waitFor();
    const footerLinks = page.getByRole('navigation', { name: 'Footer' });
    for (const link of footer.links) await footerLinks.getByRole('link', { name: link.text, exact: true }).waitFor();
    await page.getByText(footer.copyright).waitFor();

    // Two "Users recently asked" columns with six cards each.
    const left = await cardPrompts('left');
    const right = await cardPrompts('right');
    expect(left).toHaveLength(6);
    expect(right).toHaveLength(6);

    // Left swaps a card every 4 s, right every 5 s (plus a 300 ms fade). Wait up to two of
    // the slower period: a busy machine lets browser timers slip.
    const deadline = Date.now() + 11_000;
    let changedLeft = false;
    let changedRight = false;
    while (Date.now() < deadline && !(changedLeft && changedRight)) {
      await page.waitForTimeout(250);
      changedLeft ||= (await cardPrompts('left')).join('|') !== left.join('|');
      changedRight ||= (await cardPrompts('right')).join('|') !== right.join('|');
    }
    expect(changedLeft).toBe(true);
    expect(changedRight).toBe(true);
  });

  it('rotates the textarea placeholder and enables submit only with a skill', async () => {
    const { page } = e2e;
    await page.goto('/');
    const textarea = page.locator('#hero-skill');
    await textarea.waitFor();
    const first = await textarea.getAttribute('placeholder');
    expect(first).toBeTruthy();

    let changed = false;
    for (let i = 0; i < 20 && !changed; i++) {
      await page.waitForTimeout(250);
      changed = (await textarea.getAttribute('placeholder')) !== first;
    }
    // Random picks can repeat; across 5 s (one rotation every 3 s) it must have moved at least once.
    expect(changed).toBe(true);

    await textarea.focus();
    expect(await textarea.getAttribute('placeholder')).toBe('');

    const submit = page.getByRole('button', { name: defaultHomepageContent.hero.ctaButton });
    await textarea.fill('   ');
    expect(await submit.isDisabled()).toBe(true);
    await textarea.fill('I bake sourdough bread');
    await submit.click();
    await page.waitForURL((url) => url.pathname === '/generating');
    const query = new URL(page.url()).searchParams;
    expect(query.get('skill')).toBe('I bake sourdough bread');
    expect(query.get('trial')).toBe('true');
    await page.getByRole('heading', { name: 'Generating Your Ideas' }).waitFor();
  });

  it('shows the customize panel disabled behind the Go Pro banner for visitors', async () => {
    const { page } = e2e;
    await page.goto('/');
    await page.getByRole('button', { name: /Customize Request/ }).click();
    await page.getByText('Go Pro to unlock advanced customization').waitFor();
    expect(await page.locator('#skillLevel').isDisabled()).toBe(true);
    const upgrade = page.getByRole('link', { name: 'Upgrade to Pro' }).first();
    expect(await upgrade.getAttribute('href')).toBe('/auth?redirect=/upsell');
  });

  it('sends a signed-out visit to a protected page to /auth', async () => {
    const { page } = e2e;
    await page.goto('/plans');
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
  });

  it('shows the 404 page for an unknown path', async () => {
    const { page } = e2e;
    await page.goto('/this/page/does-not-exist');
    await page.getByText('404', { exact: true }).waitFor();
    await page.getByRole('heading', { name: "Oops! You've wandered off the path" }).waitFor();
    await page
      .getByText(
        "The page you're looking for seems to have vanished into thin air. Don't worry though, even the best explorers get lost sometimes!",
      )
      .waitFor();
    await page.getByRole('link', { name: 'Take me home' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: defaultHomepageContent.hero.headline }).waitFor();
  });

  it('keeps the landing usable on a phone with the Menu button', async () => {
    const page = await e2e.newPage({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: defaultHomepageContent.hero.headline }).waitFor();
    // The example columns are for large screens only.
    expect(await page.locator('[data-testid="examples-left"]').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main (small screens)' });
    await menu.getByRole('link', { name: 'FAQs' }).click();
    await page.waitForURL((url) => url.pathname === '/faqs');
    expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
  });
});
