import { blogPostListSchema, blogPostSchema, type BlogPost } from '@contracts/blog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export const blogPostsQueryKey = ['/api', 'blog-posts'] as const;

/** GET /api/blog-posts (back-office §7): what is published now, newest first. */
export async function getBlogPosts({ signal }: { signal?: AbortSignal } = {}): Promise<BlogPost[]> {
  return blogPostListSchema.parse(await apiRequest<unknown>('/api/blog-posts', { signal }));
}

export const blogPostsQueryOptions = () => queryOptions({ queryKey: blogPostsQueryKey, queryFn: ({ signal }) => getBlogPosts({ signal }) });
export const useBlogPosts = () => useQuery(blogPostsQueryOptions());

/** GET /api/blog-posts/{slug}: null when there is no such published post (404). */
export async function getBlogPost(slug: string, { signal }: { signal?: AbortSignal } = {}): Promise<BlogPost | null> {
  try {
    return blogPostSchema.parse(await apiRequest<unknown>(`/api/blog-posts/${encodeURIComponent(slug)}`, { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const blogPostQueryOptions = (slug: string) =>
  queryOptions({ queryKey: [...blogPostsQueryKey, slug], queryFn: ({ signal }) => getBlogPost(slug, { signal }) });
export const useBlogPost = (slug: string) => useQuery(blogPostQueryOptions(slug));

/** Back-office §9: blog dates in en-GB long form ("25 November 2026"). */
export function formatBlogDate(iso: string | null): string {
  if (!iso) return '';
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}
