import { type AiConfigDto, aiConfigResponseSchema, type AiConfigUpdate } from '@contracts/ai-config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseSaved } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { failure } from '../../lib/failure';
import { aiConfigRootKey } from './get-ai-config';

/**
 * POST /api/admin/ai-config (back-office §7): only the fields the screen owns; the server merges
 * them over the configuration in force and answers the new version (null while it catches up).
 */
export async function updateAiConfig(update: AiConfigUpdate): Promise<AiConfigDto | null> {
  return parseSaved(aiConfigResponseSchema, await apiRequest<unknown>('/api/admin/ai-config', { method: 'POST', body: update }));
}

/** A save is the toast 'Success'; a refusal the toast 'Error' with 'Failed to update AI configuration' and the server's reason (§8). */
export function useUpdateAiConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAiConfig,
    onSuccess: (saved) =>
      toast({ title: 'Success', description: saved ? `AI configuration saved as version ${saved.version}` : 'AI configuration saved', intent: 'success' }),
    onError: (error) => toastError('Error', failure('Failed to update AI configuration', error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiConfigRootKey }),
  });
}
