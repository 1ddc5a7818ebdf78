import { type PromptHistoryEntryDto, promptHistoryResponseSchema } from '@contracts/ai-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../../lib/api-client';

export const promptHistoryQueryKey = ['/api', 'admin', 'idea-sets'] as const;

/** GET /api/admin/idea-sets (back-office §7 prompt history): the most recent idea generations, newest first. */
export async function getPromptHistory({ signal }: { signal?: AbortSignal } = {}): Promise<PromptHistoryEntryDto[]> {
  return parseReady(promptHistoryResponseSchema, await apiRequest<unknown>('/api/admin/idea-sets', { signal }));
}

export const promptHistoryQueryOptions = () =>
  queryOptions({ queryKey: promptHistoryQueryKey, queryFn: ({ signal }) => getPromptHistory({ signal }), ...notReadyRetry });

export const usePromptHistory = () => useQuery(promptHistoryQueryOptions());
