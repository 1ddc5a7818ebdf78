import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_SLUG_MAX } from '../../backend/application/contracts/blog';
import { staffMember } from '../support/member-data';
import { MovableClock } from '../support/movable-clock';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * The blog (back-office §2 Blog tab, /blog, /blog/{slug}; §5; §7): admin routes, image upload,
 * sanitising, scheduling and the public reads, through real HTTP on a real database.
 */

const clock = new MovableClock();
let t: TestApp;
let admin: Awaited<ReturnType<typeof staffMember>>;
let moderator: Awaited<ReturnType<typeof staffMember>>;
let free: Client;
const HOUR_MS = 60 * 60 * 1000;

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  admin = await staffMember(t, 'admin');
  moderator = await staffMember(t, 'moderator');
  free = new Client(t.url);
  expect((await free.post('/api/auth/signup', newMember())).status).toBe(201);
});
afterAll(async () => t?.close());

const visitor = () => new Client(t.url);
const post = (fields: Record<string, unknown> = {}) => ({ title: 'Selling Pottery Online', content: '<p>Start with one mug.</p>', ...fields });
const create = (fields: Record<string, unknown> = {}) => admin.client.post('/api/admin/blog-posts', post(fields));
const adminList = async () => (await admin.client.get('/api/admin/blog-posts')).body as { id: string; slug: string; title: string }[];

async function upload(client: Client, bytes: Buffer, name: string, type: string, field = 'image') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  const session = client.sessionCookie;
  const cookie = (client as unknown as { headers: Record<string, string> }).headers.cookie ?? (session ? `skilly_session=${session}` : undefined);
  const response = await fetch(new URL('/api/admin/blog-images/upload', t.url), { method: 'POST', body: form, headers: cookie ? { cookie } : {} });
  return { status: response.status, body: (await response.json()) as { url?: string; message?: string } };
}

describe('who may manage the blog', () => {
  it('every admin endpoint tells a visitor to sign in, refuses free and moderator, and changes nothing', async () => {
    const created = await create({ title: 'Guarded post' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const before = await adminList();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#1f8a70' } }).png().toBuffer();
    for (const [client, expected] of [
      [visitor(), 401],
      [free, 403],
      [moderator.client, 403],
    ] as const) {
      expect((await client.get('/api/admin/blog-posts')).status).toBe(expected);
      expect((await client.post('/api/admin/blog-posts', post({ title: 'Intruder' }))).status).toBe(expected);
      expect((await client.request('PATCH', `/api/admin/blog-posts/${id}`, { title: 'Taken over' })).status).toBe(expected);
      expect((await client.request('DELETE', `/api/admin/blog-posts/${id}`)).status).toBe(expected);
      expect((await upload(client, png, 'a.png', 'image/png')).status).toBe(expected);
    }
    expect(await adminList()).toEqual(before);
  });
});

describe('writing posts', () => {
  it('requires title and content, with messages, and saves nothing when refused', async () => {
    const before = await adminList();
    const noTitle = await admin.client.post('/api/admin/blog-posts', { content: '<p>x</p>' });
    expect(noTitle).toMatchObject({ status: 400, body: { message: 'Title is required' } });
    expect((await create({ title: '   ' })).body.message).toBe('Title is required');
    const noContent = await admin.client.post('/api/admin/blog-posts', { title: 'Empty' });
    expect(noContent).toMatchObject({ status: 400, body: { message: 'Content is required' } });
    // Markup that sanitises to nothing is no content either.
    expect((await create({ content: '<p><script>alert(1)</script></p>' })).body.message).toBe('Content is required');
    const scheduled = await create({ status: 'scheduled' });
    expect(scheduled).toMatchObject({ status: 400, body: { message: 'Publish date is required for scheduled posts' } });
    const badImage = await create({ featuredImage: 'javascript:alert(1)' });
    expect(badImage.status).toBe(400);
    // The pages' CSP shows https: and same-origin images only: an http: one would never appear.
    const plainHttp = await create({ featuredImage: 'http://example.com/a.png' });
    expect(plainHttp).toMatchObject({ status: 400, body: { message: 'The featured image must be an https URL or an uploaded image' } });
    expect(await adminList()).toEqual(before);
  });

  it('derives the slug from the title, normalises a given one, uppercases the category, drafts by default', async () => {
    const derived = await create({ title: '  10 Ways -- to Sell Art!  ', category: 'Marketing tips' });
    expect(derived.status).toBe(201);
    expect(derived.body).toMatchObject({ slug: '10-ways-to-sell-art', category: 'MARKETING TIPS', status: 'draft', publishDate: null, commentsCount: 0 });
    const given = await create({ title: 'Anything', slug: ' My Custom_Slug!! ' });
    expect(given.body.slug).toBe('my-custom-slug');
  });

  it('makes a colliding slug unique with -2, -3, and keeps a post’s own slug when it is saved again', async () => {
    const first = await create({ title: 'Twin Title' });
    const second = await create({ title: 'Twin Title' });
    const third = await create({ title: 'Other', slug: 'twin-title' });
    expect([first.body.slug, second.body.slug, third.body.slug]).toEqual(['twin-title', 'twin-title-2', 'twin-title-3']);
    const resaved = await admin.client.request('PATCH', `/api/admin/blog-posts/${second.body.id}`, { slug: 'Twin Title 2', excerpt: 'Same slug' });
    expect(resaved).toMatchObject({ status: 200, body: { slug: 'twin-title-2', excerpt: 'Same slug' } });
    const taken = await admin.client.request('PATCH', `/api/admin/blog-posts/${third.body.id}`, { slug: 'twin-title' });
    expect(taken.body.slug).toBe('twin-title-3');
  });

  it('keeps a numbered slug within its bound, so the post stays readable at /blog/{slug}', async () => {
    const title = 'A'.repeat(200);
    const first = await create({ title, status: 'published' });
    const second = await create({ title, status: 'published' });
    expect(first.body.slug).toHaveLength(BLOG_SLUG_MAX);
    expect(second.body.slug.length).toBeLessThanOrEqual(BLOG_SLUG_MAX);
    expect(second.body.slug).toMatch(/-2$/);
    expect(second.body.slug).not.toBe(first.body.slug);
    expect((await visitor().get(`/api/blog-posts/${second.body.slug}`)).body).toMatchObject({ id: second.body.id });
  });

  it('dates a scheduled post published early at the moment it went public, not its planned date', async () => {
    const planned = new Date(clock.now().getTime() + 48 * HOUR_MS).toISOString();
    const scheduled = await create({ title: 'Early Bird', status: 'scheduled', publishDate: planned });
    const published = await admin.client.request('PATCH', `/api/admin/blog-posts/${scheduled.body.id}`, { status: 'published' });
    expect(published.status).toBe(200);
    expect(Date.parse(published.body.publishDate)).toBeLessThanOrEqual(clock.now().getTime());
    expect((await visitor().get(`/api/blog-posts/${published.body.slug}`)).status).toBe(200);
  });

  it('removes scripts, event handlers and javascript: links, and keeps what the editor makes', async () => {
    const html =
      '<h2>Heading</h2><p onclick="steal()">Hello <strong>bold</strong> <em>it</em> <u>u</u> <s>s</s></p>' +
      '<script>alert(1)</script><img src="https://example.com/a.png" alt="A" onerror="alert(2)">' +
      '<a href="javascript:alert(3)">bad link</a> <a href="https://example.com">good link</a>' +
      '<ul><li>one</li></ul><blockquote>q</blockquote><pre><code>x</code></pre><hr><img src="data:image/png;base64,AAAA">' +
      '<img src="http://example.com/plain.png" alt="P"><img src="/api/files/blog-images/abc.png" alt="U"><a href="http://example.com/old">old link</a>' +
      '<iframe src="https://evil.example"></iframe><p style="color:red">styled</p>';
    const created = await create({ content: html, status: 'published' });
    expect(created.status).toBe(201);
    const content = created.body.content as string;
    expect(content).not.toMatch(/script|onerror|onclick|javascript:|iframe|data:|style=/i);
    expect(content).toContain('<h2>Heading</h2>');
    expect(content).toContain('<strong>bold</strong>');
    expect(content).toContain('<img src="https://example.com/a.png" alt="A" />');
    expect(content).toContain('<img src="/api/files/blog-images/abc.png" alt="U" />');
    expect(content).not.toContain('plain.png');
    expect(content).toContain('<a href="http://example.com/old" rel="noopener noreferrer nofollow">old link</a>');
    expect(content).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">good link</a>');
    expect(content).toContain('<a>bad link</a>');
    // The public read serves the same sanitised HTML.
    expect((await visitor().get(`/api/blog-posts/${created.body.slug}`)).body.content).toBe(content);
  });

  it('edits and deletes a post; an unknown id is a 404', async () => {
    const created = await create({ title: 'To Edit' });
    const id = created.body.id as string;
    const edited = await admin.client.request('PATCH', `/api/admin/blog-posts/${id}`, { title: 'Edited', category: 'news', status: 'published' });
    expect(edited).toMatchObject({ status: 200, body: { title: 'Edited', category: 'NEWS', status: 'published', slug: 'to-edit' } });
    expect(edited.body.publishDate).not.toBeNull();
    expect((await admin.client.request('PATCH', `/api/admin/blog-posts/${id}`, { status: 'scheduled', publishDate: null })).body.message).toBe(
      'Publish date is required for scheduled posts',
    );
    expect((await admin.client.request('DELETE', `/api/admin/blog-posts/${id}`)).status).toBe(200);
    expect((await adminList()).some((p) => p.id === id)).toBe(false);
    expect((await admin.client.request('DELETE', `/api/admin/blog-posts/${id}`))).toMatchObject({ status: 404, body: { message: 'Blog post not found' } });
    expect((await admin.client.request('PATCH', `/api/admin/blog-posts/${id}`, { title: 'x' })).status).toBe(404);
  });
});

describe('the public blog', () => {
  it('shows published posts and scheduled ones once their time has come, newest first; never drafts', async () => {
    clock.reset();
    const draft = await create({ title: 'Secret Draft' });
    const scheduled = await create({ title: 'Tomorrow Post', status: 'scheduled', publishDate: new Date(clock.now().getTime() + 2 * HOUR_MS).toISOString() });
    const published = await create({ title: 'Published Now', status: 'published' });
    expect(scheduled.status).toBe(201);
    const slugs = async () => ((await visitor().get('/api/blog-posts')).body as { slug: string }[]).map((p) => p.slug);
    expect(await slugs()).toContain(published.body.slug);
    expect(await slugs()).not.toContain(scheduled.body.slug);
    expect(await slugs()).not.toContain(draft.body.slug);
    expect((await visitor().get(`/api/blog-posts/${scheduled.body.slug}`))).toMatchObject({ status: 404, body: { message: 'Blog post not found' } });
    expect((await visitor().get(`/api/blog-posts/${draft.body.slug}`)).status).toBe(404);
    const countBefore = (await admin.client.get('/api/admin/stats')).body.blogPostsCount as number;

    clock.moveBy(3 * HOUR_MS);
    const after = await slugs();
    expect(after.indexOf(scheduled.body.slug)).toBe(0);
    expect(after.indexOf(published.body.slug)).toBeGreaterThan(0);
    expect((await visitor().get(`/api/blog-posts/${scheduled.body.slug}`)).body).toMatchObject({ title: 'Tomorrow Post', commentsCount: 0 });
    expect((await admin.client.get('/api/admin/stats')).body.blogPostsCount).toBe(countBefore + 1);
    clock.reset();
  });

  it('answers 404 "Blog post not found" for an unknown slug', async () => {
    expect(await visitor().get('/api/blog-posts/no-such-post')).toMatchObject({ status: 404, body: { message: 'Blog post not found' } });
  });
});

describe('image upload', () => {
  it('stores a PNG re-encoded and serves it; refuses a text file with "Only image files are allowed"', async () => {
    const png = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#ff8800' } }).png().toBuffer();
    const uploaded = await upload(admin.client, png, 'photo.png', 'image/png');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.url).toMatch(/^\/api\/files\/blog-images\/[A-Za-z0-9]+\.png$/);
    const served = await fetch(new URL(uploaded.body.url!, t.url));
    expect(served.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 533]);

    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0000ff' } }).webp().toBuffer();
    expect((await upload(admin.client, webp, 'x.webp', 'image/webp')).body.url).toMatch(/\.webp$/);

    const refused = await upload(admin.client, Buffer.from('just some text, not an image'), 'notes.png', 'image/png');
    expect(refused).toEqual({ status: 400, body: expect.objectContaining({ message: 'Only image files are allowed' }) });
  });
});

describe('erasure', () => {
  it('deletes the posts of an erased admin', async () => {
    const author = await staffMember(t, 'admin');
    const written = await author.client.post('/api/admin/blog-posts', post({ title: 'By A Leaving Admin', status: 'published' }));
    expect(written.status).toBe(201);
    const erase = await admin.client.request('DELETE', `/api/admin/users/${author.userId}`, {});
    expect(erase.status, erase.text).toBeLessThan(300);
    await t.services.runner.catchUpAll();
    expect((await visitor().get(`/api/blog-posts/${written.body.slug}`)).status).toBe(404);
  });
});
