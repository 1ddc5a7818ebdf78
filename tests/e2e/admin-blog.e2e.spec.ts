import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/app-server';
import { setupE2E, signIn } from './support/e2e';

const e2e = setupE2E();

describe('the admin Blog tab and the public blog (issue 33)', () => {
  it('an admin writes a post with a heading and an uploaded image and publishes it; a visitor reads it at /blog and /blog/{slug}', async () => {
    const title = `Selling Pottery ${Date.now()}`;
    const admin = e2e.page;
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/dashboard');
    await admin.getByRole('tab', { name: 'Blog' }).click();
    await admin.waitForURL((url) => url.searchParams.get('tab') === 'blog');

    await admin.getByLabel('Title').fill(title);
    await admin.getByLabel('Category').fill('crafts');
    await admin.getByLabel('Excerpt').fill('How the first mug sold');

    // The content: a heading, a paragraph, and an image uploaded into it.
    const editor = admin.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await admin.getByRole('button', { name: 'Heading 2' }).click();
    await editor.pressSequentially('Getting started');
    await editor.press('Enter');
    await editor.pressSequentially('Start with one mug.');
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0602a' } }).png().toBuffer();
    await admin.getByTestId('content-image-input').setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: png });
    await admin.getByText('Image uploaded successfully').first().waitFor();
    await editor.locator('img[src^="/api/files/blog-images/"]').waitFor();

    await admin.getByLabel('Status').selectOption('published');
    await admin.getByRole('button', { name: 'Save Post' }).click();
    await admin.getByText('Blog post created').first().waitFor();
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    await admin.getByText(`/blog/${slug}`).waitFor();

    // A visitor, in a browser of their own.
    const visitor = await e2e.newPage();
    await visitor.goto('/blog');
    await visitor.getByRole('link', { name: title, exact: true }).click();
    await visitor.waitForURL((url) => url.pathname === `/blog/${slug}`);
    await visitor.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    await visitor.getByRole('heading', { level: 2, name: 'Getting started' }).waitFor();
    const image = visitor.locator('.blog-post-content img');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^\/api\/files\/blog-images\/[A-Za-z0-9]+\.png$/);
    // The image really loads (served by /api/files).
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
    expect(await visitor.title()).toBe(`${title} | Skilly Blog`);

    // Usable on a phone: the post fits 390 px without sideways scrolling.
    const phone = await e2e.newPage({ width: 390, height: 844 });
    await phone.goto(`/blog/${slug}`);
    await phone.getByRole('heading', { level: 2, name: 'Getting started' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
