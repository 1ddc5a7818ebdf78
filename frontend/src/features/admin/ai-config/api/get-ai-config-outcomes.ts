import { type AiConfigOutcomesResponse, aiConfigOutcomesResponseSchema } from '@contracts/ai-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, notReadyRetry, parseReady } from '../../../../lib/api-client';
import { aiConfigRootKey } from './get-ai-config';

export const aiConfigOutcomesQueryKey = [...aiConfigRootKey, 'outcomes'] as const;

/** The CSV export of the same figures, one line per version. */
export const AI_CONFIG_OUTCOMES_CSV_PATH = '/api/admin/ai-config/outcomes.csv';

/** GET /api/admin/ai-config/outcomes: what each version led to, with its samples, and week by week (issue 53). */
export async function getAiConfigOutcomes({ signal }: { signal?: AbortSignal } = {}): Promise<AiConfigOutcomesResponse> {
  return parseReady(aiConfigOutcomesResponseSchema, await apiRequest<unknown>('/api/admin/ai-config/outcomes', { signal }));
}

export const useAiConfigOutcomes = () =>
  useQuery(queryOptions({ queryKey: aiConfigOutcomesQueryKey, queryFn: ({ signal }) => getAiConfigOutcomes({ signal }), ...notReadyRetry }));
