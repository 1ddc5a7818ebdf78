import { blogPostSchema, type BlogPost } from '@contracts/blog';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import BlogPage from './blog';
import BlogPostPage from './blog-post';
import { renderRoutes } from '../test/render';
import { server } from '../test/server';

const post = (overrides: Partial<BlogPost> = {}): BlogPost =>
  blogPostSchema.parse({
    id: 'p1',
    title: 'Selling Pottery',
    slug: 'selling-pottery',
    content: '<h2>Start small</h2><p>One mug.</p><img src="/api/files/blog-images/abcdefgh12.png" alt="A mug"><script>window.hacked = true</script>',
    excerpt: 'How to start',
    category: 'CRAFTS',
    featuredImage: 'https://example.com/cover.png',
    status: 'published',
    publishDate: '2026-11-25T10:00:00.000Z',
    createdAt: '2026-11-24T09:00:00.000Z',
    updatedAt: '2026-11-24T09:00:00.000Z',
    commentsCount: 0,
    ...overrides,
  });

const routes = { '/blog': <BlogPage />, '/blog/:slug': <BlogPostPage /> };

describe('the public blog', () => {
  it('/blog shows each post with its image, category, en-GB date, comments, title link, excerpt and Read More', async () => {
    server.use(http.get('/api/blog-posts', () => HttpResponse.json([post()])));
    renderRoutes(routes, '/blog');
    const link = await screen.findByRole('link', { name: 'Selling Pottery' });
    expect(link).toHaveAttribute('href', '/blog/selling-pottery');
    expect(screen.getByText('CRAFTS')).toBeInTheDocument();
    expect(screen.getByText('25 November 2026')).toBeInTheDocument();
    expect(screen.getByText('0 comments')).toBeInTheDocument();
    expect(screen.getByText('How to start')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read More: Selling Pottery' })).toHaveAttribute('href', '/blog/selling-pottery');
    expect(document.querySelector('img.blog-card-image')).toHaveAttribute('src', 'https://example.com/cover.png');
  });

  it('/blog with no posts says "No blog posts available yet"', async () => {
    server.use(http.get('/api/blog-posts', () => HttpResponse.json([])));
    renderRoutes(routes, '/blog');
    expect(await screen.findByText('No blog posts available yet')).toBeInTheDocument();
  });

  it('/blog/{slug} shows the post with its HTML content, never a script', async () => {
    server.use(http.get('/api/blog-posts/selling-pottery', () => HttpResponse.json(post())));
    renderRoutes(routes, '/blog/selling-pottery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Selling Pottery' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Start small' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'A mug' })).toHaveAttribute('src', '/api/files/blog-images/abcdefgh12.png');
    expect(screen.getByText('CRAFTS')).toBeInTheDocument();
    expect(screen.getByText('25 November 2026')).toBeInTheDocument();
    expect(document.querySelector('.blog-post-content script')).toBeNull();
    expect(document.title).toBe('Selling Pottery | Skilly Blog');
    // The page's one description says what the post is about.
    expect([...document.querySelectorAll('meta[name="description"]')].map((tag) => tag.getAttribute('content'))).toEqual(['How to start']);
  });

  it('/blog/{slug} of no post says "Blog post not found" with "Back to Blog"', async () => {
    server.use(http.get('/api/blog-posts/gone', () => HttpResponse.json({ message: 'Blog post not found' }, { status: 404 })));
    renderRoutes(routes, '/blog/gone');
    expect(await screen.findByText('Blog post not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
  });
});
