import { BLOG_IMAGE_FIELD, blogPostListSchema, blogPostSchema, uploadBlogImageResponseSchema, type BlogPost, type CreateBlogPostRequest } from '@contracts/blog';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, apiRequestWithHeaders, notReadyRetry, parseReady, uploadImage } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { recordedActionId, undoToastAction } from '../../lib/admin-undo';
import { adminActionsQueryKey } from '../../lib/query-keys';

export const adminBlogPostsQueryKey = ['/api', 'admin', 'blog-posts'] as const;
/** The public blog's queries (features/blog): refreshed when an admin changes a post. */
const publicBlogRootKey = ['/api', 'blog-posts'] as const;

/** GET /api/admin/blog-posts (back-office §7): every post, newest first. */
export async function getAdminBlogPosts({ signal }: { signal?: AbortSignal } = {}): Promise<BlogPost[]> {
  return parseReady(blogPostListSchema, await apiRequest<unknown>('/api/admin/blog-posts', { signal }));
}

export const adminBlogPostsQueryOptions = () =>
  queryOptions({ queryKey: adminBlogPostsQueryKey, queryFn: ({ signal }) => getAdminBlogPosts({ signal }), ...notReadyRetry });

export const useAdminBlogPosts = () => useQuery(adminBlogPostsQueryOptions());

/** Back-office §8: the screen's words, then the server's reason when it sent one. */
const withReason = (error: unknown) => (error instanceof ApiError ? error.serverMessage : undefined);

/** POST /api/admin/blog-posts, or PATCH /api/admin/blog-posts/{id} when editing. */
export async function saveBlogPost({ id, post }: { id: string | null; post: CreateBlogPostRequest }): Promise<BlogPost> {
  const body = await apiRequest<unknown>(id ? `/api/admin/blog-posts/${encodeURIComponent(id)}` : '/api/admin/blog-posts', {
    method: id ? 'PATCH' : 'POST',
    body: post,
  });
  return blogPostSchema.parse(body);
}

export function useSaveBlogPost({ onSaved }: { onSaved?: (post: BlogPost) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBlogPost,
    onSuccess: (post, { id }) => {
      toast({ title: id ? 'Blog post updated' : 'Blog post created', intent: 'success' });
      onSaved?.(post);
    },
    onError: (error) => toastError('Failed to save blog post', withReason(error)),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminBlogPostsQueryKey }), queryClient.invalidateQueries({ queryKey: publicBlogRootKey })]),
  });
}

/** DELETE /api/admin/blog-posts/{id}: answers the action to undo it. */
export async function deleteBlogPost(id: string): Promise<{ actionId: string | null }> {
  const { headers } = await apiRequestWithHeaders<unknown>(`/api/admin/blog-posts/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return { actionId: recordedActionId(headers) };
}

export function useDeleteBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlogPost,
    onSuccess: ({ actionId }, id) => {
      queryClient.setQueryData<BlogPost[]>(adminBlogPostsQueryKey, (posts) => posts?.filter((post) => post.id !== id));
      toast({ title: 'Blog post deleted', intent: 'success', action: undoToastAction(queryClient, actionId) });
    },
    onError: (error) => toastError('Failed to delete blog post', withReason(error)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminBlogPostsQueryKey }),
        queryClient.invalidateQueries({ queryKey: publicBlogRootKey }),
        queryClient.invalidateQueries({ queryKey: adminActionsQueryKey }),
      ]),
  });
}

/** POST /api/admin/blog-images/upload (back-office §7): the file as the multipart field `image`; answers the stored image's URL. */
export async function uploadBlogImage(file: File): Promise<string> {
  return uploadBlogImageResponseSchema.parse(await uploadImage('/api/admin/blog-images/upload', BLOG_IMAGE_FIELD, file)).url;
}

/** 'Image uploaded successfully', or 'Failed to upload image' with the server's reason. */
export function useUploadBlogImage({ onUploaded }: { onUploaded: (url: string) => void }) {
  return useMutation({
    mutationFn: uploadBlogImage,
    onSuccess: (url) => {
      toast({ title: 'Image uploaded successfully', intent: 'success' });
      onUploaded(url);
    },
    onError: (error) => toastError('Failed to upload image', withReason(error)),
  });
}
