import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey, meQueryOptions } from '../../../lib/auth/api/get-me';
import { generatedIdeas, pendingIdeas } from '../../../lib/pending-generation';
import { refetchCreditQueries } from '../../../lib/query-client';
import { createIdeaSet } from './create-idea-set';
import type { IdeaGenerationResult } from './generate-ideas-stream';
import { ideaSetsQueryKey } from './get-idea-sets';

export type KeepGeneratedIdeas = { skill: string; result: IdeaGenerationResult };

/**
 * Keeps what a generation produced where the next screen reads it, and answers which screen that
 * is (spec §7): a member's set is on /ideas (the stream stored it; should it not have, it is
 * stored here) once their sets, credits and profile are refetched; a visitor's ideas wait in
 * session storage for /ideas-trial and, after sign-up, save-pending.
 */
export function useKeepGeneratedIdeas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ skill, result: { ideas, ideaSetId, trialToken } }: KeepGeneratedIdeas): Promise<'/ideas' | '/ideas-trial'> => {
      generatedIdeas.write({
        id: ideaSetId ?? `session-${Date.now()}`,
        skill,
        categories: ideas.categories,
        ideas: ideas.ideas,
        personalized: ideas.personalized,
        createdAt: new Date().toISOString(),
      });
      const me = await queryClient.ensureQueryData(meQueryOptions()).catch(() => null);
      const member = me?.role === 'free' || me?.role === 'pro';
      if (!ideaSetId && !member) {
        pendingIdeas.write({ skill, categories: ideas.categories, ideas: ideas.ideas, trialToken });
        return '/ideas-trial';
      }
      if (!ideaSetId) await createIdeaSet({ skill, categories: ideas.categories, ideas: ideas.ideas, personalized: ideas.personalized });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ideaSetsQueryKey }),
        refetchCreditQueries(queryClient),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
      return '/ideas';
    },
  });
}
