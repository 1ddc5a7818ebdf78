import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { creditsQueryKey } from '../features/credits/api/get-credits';
import { IdeasGeneratingScreen } from '../features/ideas/components/ideas-generating-screen';
import { PlanGeneratingScreen } from '../features/plans/components/plan-generating-screen';

/** A plan spends a plan credit: the credits feature's answer is read again. */
function PlanGenerating() {
  const queryClient = useQueryClient();
  return <PlanGeneratingScreen onCreditsChanged={() => void queryClient.invalidateQueries({ queryKey: creditsQueryKey })} />;
}

/** /generating: ideas by default, a plan with type=plan (spec §2). */
export default function GeneratingPage() {
  const [params] = useSearchParams();
  return params.get('type') === 'plan' ? <PlanGenerating /> : <IdeasGeneratingScreen />;
}
