import { type CreateFaqRequest, type FaqDto, faqListSchema, faqSchema } from '@contracts/faqs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithHeaders } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { recordedActionId, undoToastAction } from '../../lib/admin-undo';
import { failure } from '../../lib/failure';
import { adminActionsQueryKey } from '../../lib/query-keys';

export const adminFaqsQueryKey = ['/api', 'admin', 'faqs'] as const;
/** The public page's query (features/faqs/api/get-faqs.ts), refreshed after a change: the key by value, features do not import each other. */
const faqsQueryKey = ['/api', 'faqs'] as const;

/** GET /api/admin/faqs (back-office §7, admins): every FAQ in display order. */
export async function getAdminFaqs({ signal }: { signal?: AbortSignal } = {}): Promise<FaqDto[]> {
  return faqListSchema.parse(await apiRequest<unknown>('/api/admin/faqs', { signal }));
}
export const useAdminFaqs = () => useQuery(queryOptions({ queryKey: adminFaqsQueryKey, queryFn: ({ signal }) => getAdminFaqs({ signal }) }));

export type FaqFields = Required<Pick<CreateFaqRequest, 'question' | 'answer'>> & { orderIndex: number };

/** POST /api/admin/faqs and PATCH /api/admin/faqs/{id} {question, answer, orderIndex}. */
export async function saveFaq(id: string | null, fields: FaqFields): Promise<FaqDto> {
  const path = id === null ? '/api/admin/faqs' : `/api/admin/faqs/${encodeURIComponent(id)}`;
  return faqSchema.parse(await apiRequest<unknown>(path, { method: id === null ? 'POST' : 'PATCH', body: fields }));
}

/** DELETE /api/admin/faqs/{id}: answers the action to undo it. */
export async function deleteFaq(id: string): Promise<{ actionId: string | null }> {
  const { headers } = await apiRequestWithHeaders<unknown>(`/api/admin/faqs/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return { actionId: recordedActionId(headers) };
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: adminFaqsQueryKey }), queryClient.invalidateQueries({ queryKey: faqsQueryKey })]);
}

/** §7/§8: success refreshes the list with a toast; failure 'Failed to add FAQ' / 'Failed to update FAQ' with the server's reason. */
export function useSaveFaq({ onSaved }: { onSaved?: () => void } = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, fields }: { id: string | null; fields: FaqFields }) => saveFaq(id, fields),
    onSuccess: (_faq, { id }) => {
      toast({ title: id === null ? 'FAQ added' : 'FAQ updated', intent: 'success' });
      onSaved?.();
    },
    onError: (error, { id }) => toastError('Error', failure(id === null ? 'Failed to add FAQ' : 'Failed to update FAQ', error)),
    onSettled: refresh,
  });
}

/** 'FAQ deleted' with Undo; a refusal is 'Failed to delete FAQ' with the server's reason. */
export function useDeleteFaq() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: deleteFaq,
    onSuccess: ({ actionId }) => toast({ title: 'FAQ deleted', intent: 'success', action: undoToastAction(queryClient, actionId) }),
    onError: (error) => toastError('Error', failure('Failed to delete FAQ', error)),
    onSettled: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: adminActionsQueryKey })]),
  });
}
