import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { creditsQueryKey, useCredits } from '../features/credits/api/get-credits';
import { PlanDetail } from '../features/plans/components/plan-detail';

/** /plan/{id} (protected): the plan, with the member's milestone credits from the credits feature. */
export default function PlanPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const credits = useCredits();
  const refreshCredits = useCallback(() => void queryClient.invalidateQueries({ queryKey: creditsQueryKey }), [queryClient]);
  return <PlanDetail key={id} planId={id} milestoneCreditsLeft={credits.data?.balances.milestone} onCreditsChanged={refreshCredits} />;
}
