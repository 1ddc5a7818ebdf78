import { type AiConfigDto, aiConfigResponseSchema } from '@contracts/ai-config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseSaved } from '../../../../lib/api-client';
import { toast, toastError } from '../../../../lib/toaster';
import { failure } from '../../lib/failure';
import { aiConfigRootKey } from './get-ai-config';

/** POST /api/admin/ai-config/versions/{version}/restore: the restored configuration, in force as a new version. */
export async function restoreAiConfigVersion(version: number): Promise<AiConfigDto | null> {
  return parseSaved(aiConfigResponseSchema, await apiRequest<unknown>(`/api/admin/ai-config/versions/${version}/restore`, { method: 'POST', body: {} }));
}

/** A restore is the toast 'Success'; a refusal the toast 'Error' with 'Failed to restore AI configuration' and the server's reason. */
export function useRestoreAiConfigVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreAiConfigVersion,
    onSuccess: (saved, version) =>
      toast({
        title: 'Success',
        description: saved ? `Version ${version} restored as version ${saved.version}` : `Version ${version} restored`,
        intent: 'success',
      }),
    onError: (error) => toastError('Error', failure('Failed to restore AI configuration', error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: aiConfigRootKey }),
  });
}
