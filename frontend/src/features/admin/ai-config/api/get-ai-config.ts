import { type AiConfigDto, aiConfigResponseSchema } from '@contracts/ai-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../../lib/api-client';

/** The root of every AI configuration query: invalidating it refreshes the configuration, the history and the versions viewed. */
export const aiConfigRootKey = ['/api', 'admin', 'ai-config'] as const;
export const aiConfigQueryKey = [...aiConfigRootKey, 'current'] as const;

/** GET /api/admin/ai-config (back-office §7, admins): the configuration in force, its version and who saved it. */
export async function getAiConfig({ signal }: { signal?: AbortSignal } = {}): Promise<AiConfigDto> {
  return parseReady(aiConfigResponseSchema, await apiRequest<unknown>('/api/admin/ai-config', { signal }));
}

export const aiConfigQueryOptions = () =>
  queryOptions({ queryKey: aiConfigQueryKey, queryFn: ({ signal }) => getAiConfig({ signal }), ...notReadyRetry });

export const useAiConfig = () => useQuery(aiConfigQueryOptions());
