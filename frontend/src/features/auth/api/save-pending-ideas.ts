import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PendingIdeas } from '../../../lib/pending-generation';

/** Spec §4: trial ideas a visitor made before signing up are saved to the new account first. */
export async function savePendingIdeas(body: PendingIdeas): Promise<unknown> {
  return apiRequest<unknown>('/api/idea-sets/save-pending', { method: 'POST', body });
}

export function useSavePendingIdeas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePendingIdeas,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api', 'idea-sets'] }),
  });
}
