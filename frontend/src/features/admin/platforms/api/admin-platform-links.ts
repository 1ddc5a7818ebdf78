import { BLOG_IMAGE_FIELD, uploadBlogImageResponseSchema } from '@contracts/blog';
import { type PlatformLinkDto, platformLinkListSchema, platformLinkSchema } from '@contracts/platforms';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithHeaders, uploadImage } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { recordedActionId, undoToastAction } from '../../lib/admin-undo';
import { failure } from '../../lib/failure';
import { adminActionsQueryKey } from '../../lib/query-keys';

export const adminPlatformLinksQueryKey = ['/api', 'admin', 'skilly-urls'] as const;
/** The public page's query (features/faqs/api/get-platform-links.ts), refreshed after a change: the key by value, features do not import each other. */
const platformLinksQueryKey = ['/api', 'skilly-urls'] as const;

/** GET /api/admin/skilly-urls (back-office §7, admins). */
export async function getAdminPlatformLinks({ signal }: { signal?: AbortSignal } = {}): Promise<PlatformLinkDto[]> {
  return platformLinkListSchema.parse(await apiRequest<unknown>('/api/admin/skilly-urls', { signal }));
}
export const useAdminPlatformLinks = () =>
  useQuery(queryOptions({ queryKey: adminPlatformLinksQueryKey, queryFn: ({ signal }) => getAdminPlatformLinks({ signal }) }));

export type PlatformLinkFields = { platformName: string; category: string; url: string; logoUrl: string; description: string };

/** POST /api/admin/skilly-urls or PUT /api/admin/skilly-urls/{id} (platformName, category, url, logoUrl, description). */
export async function savePlatformLink(id: string | null, fields: PlatformLinkFields): Promise<PlatformLinkDto> {
  const path = id === null ? '/api/admin/skilly-urls' : `/api/admin/skilly-urls/${encodeURIComponent(id)}`;
  return platformLinkSchema.parse(await apiRequest<unknown>(path, { method: id === null ? 'POST' : 'PUT', body: fields }));
}

/** DELETE /api/admin/skilly-urls/{id}: answers the action to undo it. */
export async function deletePlatformLink(id: string): Promise<{ actionId: string | null }> {
  const { headers } = await apiRequestWithHeaders<unknown>(`/api/admin/skilly-urls/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return { actionId: recordedActionId(headers) };
}

/**
 * POST /api/admin/blog-images/upload (back-office §7: the only upload path the spec gives for an
 * admin's image), multipart field `image`, answering `{url}`.
 */
export async function uploadLogo(file: File): Promise<string> {
  return uploadBlogImageResponseSchema.parse(await uploadImage('/api/admin/blog-images/upload', BLOG_IMAGE_FIELD, file)).url;
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminPlatformLinksQueryKey }),
      queryClient.invalidateQueries({ queryKey: platformLinksQueryKey }),
    ]);
}

/** §8: 'Failed to add resource link' / 'Failed to update resource link', with the server's reason when it gave one. */
export function useSavePlatformLink({ onSaved }: { onSaved?: () => void } = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, fields }: { id: string | null; fields: PlatformLinkFields }) => savePlatformLink(id, fields),
    onSuccess: (_link, { id }) => {
      toast({ title: id === null ? 'Resource link added' : 'Resource link updated', intent: 'success' });
      onSaved?.();
    },
    onError: (error, { id }) =>
      toastError('Error', failure(id === null ? 'Failed to add resource link' : 'Failed to update resource link', error)),
    onSettled: refresh,
  });
}

/** 'Resource link deleted' with Undo; a refusal is 'Failed to delete resource link' with the server's reason. */
export function useDeletePlatformLink() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: deletePlatformLink,
    onSuccess: ({ actionId }) => toast({ title: 'Resource link deleted', intent: 'success', action: undoToastAction(queryClient, actionId) }),
    onError: (error) => toastError('Error', failure('Failed to delete resource link', error)),
    onSettled: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: adminActionsQueryKey })]),
  });
}

/** §8: 'Failed to upload logo' (with the server's reason when it gave one). */
export function useUploadLogo({ onUploaded }: { onUploaded: (url: string) => void }) {
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (url) => {
      toast({ title: 'Logo uploaded', intent: 'success' });
      onUploaded(url);
    },
    onError: (error) => toastError('Error', failure('Failed to upload logo', error)),
  });
}
