import { type AiConfigPreviewDto, type AiConfigPreviewRequest, aiConfigPreviewResponseSchema } from '@contracts/ai-config';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { aiConfigRootKey } from './get-ai-config';

/**
 * POST /api/admin/ai-config/preview: the system and user messages the AI would get for a sample,
 * from the saved configuration with the unsaved `changes` laid over it. A read: nothing is saved.
 */
export async function previewAiConfig(request: AiConfigPreviewRequest, { signal }: { signal?: AbortSignal } = {}): Promise<AiConfigPreviewDto> {
  return aiConfigPreviewResponseSchema.parse(await apiRequest<unknown>('/api/admin/ai-config/preview', { method: 'POST', body: request, signal }));
}

/** The preview of `request` (already debounced by the caller); the last answer stays shown while the next loads. */
export const useAiConfigPreview = (request: AiConfigPreviewRequest) =>
  useQuery({
    queryKey: [...aiConfigRootKey, 'preview', request] as const,
    queryFn: ({ signal }) => previewAiConfig(request, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
