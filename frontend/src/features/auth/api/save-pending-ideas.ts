import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PendingIdeas } from '../../../lib/pending-generation';

/**
 * Spec §4: trial ideas a visitor made before signing up are saved to the new account first. The server
 * saves what it generated under `trialToken`; the ideas themselves are sent as spec §7 lists them.
 */
export async function savePendingIdeas(pending: PendingIdeas): Promise<unknown> {
  const { trialToken, skill, categories, ideas } = pending;
  return apiRequest<unknown>('/api/idea-sets/save-pending', { method: 'POST', body: { trialToken, skill, categories, ideas } });
}

export function useSavePendingIdeas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePendingIdeas,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api', 'idea-sets'] }),
  });
}
