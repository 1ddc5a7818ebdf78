import { type CompanyContent, companyContentSchema, FOUNDER_IMAGE_FIELD, uploadFounderImageResponseSchema } from '@contracts/company-content';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, uploadImage } from '../../../lib/api-client';
import { keptOnSignOut } from '../../../lib/query-client';

export const companyContentQueryKey = ['/api', 'company-content'] as const;

export async function getCompanyContent({ signal }: { signal?: AbortSignal } = {}): Promise<CompanyContent> {
  return companyContentSchema.parse(await apiRequest<unknown>('/api/company-content', { signal }));
}

/** §9: company content is cached 5 minutes. */
export const companyContentQueryOptions = () =>
  queryOptions({ queryKey: companyContentQueryKey, queryFn: ({ signal }) => getCompanyContent({ signal }), staleTime: 5 * 60_000, ...keptOnSignOut });

export const useCompanyContent = () => useQuery(companyContentQueryOptions());

/** Admin only; the server checks the role again and sanitises what it stores. Saving refreshes the content. */
export function useSaveCompanyContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (content: CompanyContent) =>
      companyContentSchema.parse(await apiRequest<unknown>('/api/admin/company-content', { method: 'PUT', body: { content } })),
    onSuccess: (saved) => {
      queryClient.setQueryData(companyContentQueryKey, saved);
      void queryClient.invalidateQueries({ queryKey: companyContentQueryKey });
    },
  });
}

/** POST /api/admin/upload-founder-image (§7): multipart field `founderImage`; answers the image's URL. */
export async function uploadFounderImage(file: File): Promise<string> {
  return uploadFounderImageResponseSchema.parse(await uploadImage('/api/admin/upload-founder-image', FOUNDER_IMAGE_FIELD, file)).imageUrl;
}
