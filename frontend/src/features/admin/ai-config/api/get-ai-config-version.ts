import { type AiConfigDto, aiConfigVersionDetailSchema } from '@contracts/ai-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../../lib/api-client';
import { aiConfigRootKey } from './get-ai-config';

export const aiConfigVersionQueryKey = (version: number) => [...aiConfigRootKey, 'version', version] as const;

/** GET /api/admin/ai-config/versions/{version}: that version's whole configuration (0 = the built-in defaults). */
export async function getAiConfigVersion(version: number, { signal }: { signal?: AbortSignal } = {}): Promise<AiConfigDto> {
  return parseReady(aiConfigVersionDetailSchema, await apiRequest<unknown>(`/api/admin/ai-config/versions/${version}`, { signal }));
}

export const aiConfigVersionQueryOptions = (version: number) =>
  queryOptions({ queryKey: aiConfigVersionQueryKey(version), queryFn: ({ signal }) => getAiConfigVersion(version, { signal }), ...notReadyRetry });

/** The version shown in the View dialog; nothing is fetched while none is open. */
export const useAiConfigVersion = (version: number | null) =>
  useQuery({ ...aiConfigVersionQueryOptions(version ?? 0), enabled: version !== null });
