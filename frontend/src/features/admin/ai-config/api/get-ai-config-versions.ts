import { type AiConfigVersionDto, aiConfigVersionsResponseSchema } from '@contracts/ai-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../../lib/api-client';
import { aiConfigRootKey } from './get-ai-config';

export const aiConfigVersionsQueryKey = [...aiConfigRootKey, 'versions'] as const;

/** GET /api/admin/ai-config/versions: every saved version, newest first (who, when, what changed, restored from). */
export async function getAiConfigVersions({ signal }: { signal?: AbortSignal } = {}): Promise<AiConfigVersionDto[]> {
  return parseReady(aiConfigVersionsResponseSchema, await apiRequest<unknown>('/api/admin/ai-config/versions', { signal }));
}

export const aiConfigVersionsQueryOptions = () =>
  queryOptions({ queryKey: aiConfigVersionsQueryKey, queryFn: ({ signal }) => getAiConfigVersions({ signal }), ...notReadyRetry });

export const useAiConfigVersions = () => useQuery(aiConfigVersionsQueryOptions());
