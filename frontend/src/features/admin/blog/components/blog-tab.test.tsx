import { blogPostSchema, type BlogPost } from '@contracts/blog';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { BlogTab } from './blog-tab';

const post = (overrides: Partial<BlogPost> = {}): BlogPost =>
  blogPostSchema.parse({
    id: 'p1',
    title: 'Selling Pottery',
    slug: 'selling-pottery',
    content: '<h2>Start</h2><p>One mug at a time.</p>',
    excerpt: 'How to start',
    category: 'CRAFTS',
    featuredImage: '',
    status: 'published',
    publishDate: '2026-11-25T10:00:00.000Z',
    createdAt: '2026-11-24T09:00:00.000Z',
    updatedAt: '2026-11-24T09:00:00.000Z',
    commentsCount: 0,
    ...overrides,
  });

function blogApi(posts: BlogPost[]) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  server.use(
    http.get('/api/admin/blog-posts', () => HttpResponse.json(posts)),
    http.post('/api/admin/blog-posts', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ method: 'POST', path: '/api/admin/blog-posts', body });
      return HttpResponse.json(post({ id: 'p-new', ...(body as Partial<BlogPost>) }), { status: 201 });
    }),
    http.patch('/api/admin/blog-posts/:id', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ method: 'PATCH', path: `/api/admin/blog-posts/${String(params.id)}`, body });
      return HttpResponse.json(post({ ...(body as Partial<BlogPost>), id: String(params.id) }));
    }),
    http.delete('/api/admin/blog-posts/:id', ({ params }) => {
      calls.push({ method: 'DELETE', path: `/api/admin/blog-posts/${String(params.id)}` });
      return HttpResponse.json({ message: 'Database unavailable' }, { status: 500 });
    }),
    http.post('/api/admin/blog-images/upload', () => HttpResponse.json({ message: 'Only image files are allowed' }, { status: 400 })),
  );
  return calls;
}

const renderTab = () => renderRoutes({ '/dashboard': <BlogTab /> }, '/dashboard?tab=blog');

afterEach(() => vi.restoreAllMocks());

describe('the admin Blog tab', () => {
  it('lists each post with its status, slug, excerpt, published or scheduled date and created date', async () => {
    blogApi([post(), post({ id: 'p2', title: 'Next Week', slug: 'next-week', status: 'scheduled', publishDate: '2026-12-01T10:00:00.000Z', excerpt: '' })]);
    renderTab();
    const list = await screen.findByRole('region', { name: 'Blog posts' });
    await within(list).findByText('/blog/selling-pottery');
    const item = (title: string) => within(list).getAllByRole('listitem').find((li) => li.querySelector('h4')?.textContent?.startsWith(title))!;
    const first = item('Selling Pottery');
    expect(within(first).getByText('published')).toBeInTheDocument();
    expect(within(first).getByText('/blog/selling-pottery')).toBeInTheDocument();
    expect(within(first).getByText('How to start')).toBeInTheDocument();
    expect(first).toHaveTextContent(/Published 25 November 2026/);
    expect(first).toHaveTextContent(/Created 24 November 2026/);
    expect(item('Next Week')).toHaveTextContent(/Scheduled for 1 December 2026/);
  });

  it('shows the empty state', async () => {
    blogApi([]);
    renderTab();
    expect(await screen.findByText('No blog posts yet')).toBeInTheDocument();
  });

  it('derives the slug from the title until it is edited, uppercases the category, shows the date only when scheduled, and keeps Save disabled without content', async () => {
    blogApi([]);
    const user = userEvent.setup();
    renderTab();
    await user.type(await screen.findByLabelText('Title'), 'Ten Ways: Sell Art!');
    expect(screen.getByLabelText('URL Slug')).toHaveValue('ten-ways-sell-art');
    await user.clear(screen.getByLabelText('URL Slug'));
    await user.type(screen.getByLabelText('URL Slug'), 'my-slug');
    await user.type(screen.getByLabelText('Title'), ' Now');
    expect(screen.getByLabelText('URL Slug')).toHaveValue('my-slug');
    await user.type(screen.getByLabelText('Category'), 'marketing');
    expect(screen.getByLabelText('Category')).toHaveValue('MARKETING');
    expect(screen.queryByLabelText('Publish Date & Time')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'scheduled');
    expect(screen.getByLabelText('Publish Date & Time')).toBeInTheDocument();
    // Title and slug are there, the content is not.
    expect(screen.getByRole('button', { name: 'Save Post' })).toBeDisabled();
  });

  it('edits a post with PATCH, sending the form, and says so', async () => {
    const calls = blogApi([post()]);
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Selling Pottery');
    // An existing post keeps its slug when the title changes.
    await user.type(screen.getByLabelText('Title'), ' Online');
    expect(screen.getByLabelText('URL Slug')).toHaveValue('selling-pottery');
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/admin/blog-posts/p1',
      body: { title: 'Selling Pottery Online', slug: 'selling-pottery', category: 'CRAFTS', status: 'published', content: expect.stringContaining('<h2>Start</h2>') },
    });
    expect(await screen.findByText('Blog post updated')).toBeInTheDocument();
  });

  it('deletes only after confirming "Delete \\"{title}\\"?"; a failure is "Failed to delete blog post" with the reason', async () => {
    const calls = blogApi([post()]);
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Delete "Selling Pottery"?');
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete blog post')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/admin/blog-posts/p1' }]);
  });

  it('a refused featured image upload says "Failed to upload image" with the server message', async () => {
    blogApi([]);
    const user = userEvent.setup({ applyAccept: false });
    renderTab();
    await screen.findByText('No blog posts yet');
    await user.upload(screen.getByTestId('featured-image-input'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Failed to upload image')).toBeInTheDocument();
    expect(screen.getByText('Only image files are allowed')).toBeInTheDocument();
  });
});
