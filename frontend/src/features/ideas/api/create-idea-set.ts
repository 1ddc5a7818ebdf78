import { saveIdeaSetRequestSchema } from '@contracts/ideas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { ideaSetsQueryKey } from './get-idea-sets';

export type SaveIdeaSetRequest = z.input<typeof saveIdeaSetRequestSchema>;

/** Keeps a member's generated ideas when the stream did not record them itself (spec §7: never for trials). */
export async function createIdeaSet(body: SaveIdeaSetRequest): Promise<unknown> {
  return apiRequest<unknown>('/api/idea-sets', { method: 'POST', body: saveIdeaSetRequestSchema.parse(body) });
}

export function useCreateIdeaSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIdeaSet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ideaSetsQueryKey }),
  });
}
