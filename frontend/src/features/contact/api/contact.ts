import { type ContactContent, contactContentSchema, type ContactMessageRequest } from '@contracts/contact';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keptOnSignOut } from '../../../lib/query-client';

export const contactContentQueryKey = ['/api', 'contact-content'] as const;

export async function getContactContent({ signal }: { signal?: AbortSignal } = {}): Promise<ContactContent> {
  return contactContentSchema.parse(await apiRequest<unknown>('/api/contact-content', { signal }));
}

/** §9: contact content is cached 5 minutes. */
export const contactContentQueryOptions = () =>
  queryOptions({ queryKey: contactContentQueryKey, queryFn: ({ signal }) => getContactContent({ signal }), staleTime: 5 * 60_000, ...keptOnSignOut });

export const useContactContent = () => useQuery(contactContentQueryOptions());

/** PUT /api/admin/contact-content {content}; on success the contact-content query is refreshed (§7). */
export function useSaveContactContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (content: ContactContent) =>
      contactContentSchema.parse(await apiRequest<unknown>('/api/admin/contact-content', { method: 'PUT', body: { content } })),
    onSuccess: (saved) => {
      queryClient.setQueryData(contactContentQueryKey, saved);
      void queryClient.invalidateQueries({ queryKey: contactContentQueryKey });
    },
  });
}

/** POST /api/contact {name, email, subject, message}. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessageRequest) => apiRequest<unknown>('/api/contact', { method: 'POST', body: message }),
  });
}
