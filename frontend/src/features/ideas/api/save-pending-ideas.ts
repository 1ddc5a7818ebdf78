import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { type PendingIdeas, pendingIdeas, pendingPlan } from '../../../lib/pending-generation';
import { toastError } from '../../../lib/toaster';
import { ideaSetsQueryKey } from './get-idea-sets';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ideaSetsQueryKey }),
  });
}

/**
 * Saves the trial ideas kept in this tab, if any, to the member who just signed in (spec §4). The
 * server keeps a trial only for an account created after it (403 for an older one, say a member who
 * tried ideas signed out, then signed in): they are told why, and the trial's ideas and pending plan
 * are dropped, since this account can never have them.
 */
export function useSaveKeptTrialIdeas(): () => Promise<void> {
  const { mutateAsync: savePending } = useSavePendingIdeas();
  return useCallback(async () => {
    const ideas = pendingIdeas.read();
    if (!ideas) return;
    try {
      await savePending(ideas);
      pendingIdeas.clear();
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        toastError('Trial ideas not saved', error.serverMessage);
        pendingIdeas.clear();
        pendingPlan.clear();
        return;
      }
      // A token the server no longer knows (expired, saved by another account) will not work later either;
      // otherwise they stay in session storage: the trial page still shows them and the next sign-in tries again.
      if (error instanceof ApiError && (error.status === 400 || error.status === 404)) pendingIdeas.clear();
    }
  }, [savePending]);
}
