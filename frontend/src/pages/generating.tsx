import { useSearchParams } from 'react-router-dom';
import { IdeasGeneratingScreen } from '../features/ideas/components/ideas-generating-screen';
import { PlanGeneratingScreen } from '../features/plans/components/plan-generating-screen';

/** /generating: ideas by default, a plan with type=plan (spec §2). */
export default function GeneratingPage() {
  const [params] = useSearchParams();
  return params.get('type') === 'plan' ? <PlanGeneratingScreen /> : <IdeasGeneratingScreen />;
}
