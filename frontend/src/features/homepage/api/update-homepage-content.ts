import { type HomepageContent, homepageContentSchema } from '@contracts/homepage-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { homepageContentQueryKey } from './get-homepage-content';

/** Admin only; the server checks the role again and sanitises the HTML it stores. */
export async function updateHomepageContent(content: HomepageContent): Promise<HomepageContent> {
  return homepageContentSchema.parse(
    await apiRequest<unknown>('/api/admin/homepage-content', { method: 'PUT', body: { content } }),
  );
}

export function useUpdateHomepageContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHomepageContent,
    onSuccess: (saved) => {
      queryClient.setQueryData(homepageContentQueryKey, saved);
      void queryClient.invalidateQueries({ queryKey: homepageContentQueryKey });
    },
  });
}
