import { useParams } from 'react-router-dom';
import { useCredits } from '../features/credits/api/get-credits';
import { PlanDetail } from '../features/plans/components/plan-detail';

/** /plan/{id} (protected): the plan, with the member's milestone credits from the credits feature. */
export default function PlanPage() {
  const { id = '' } = useParams();
  const credits = useCredits();
  return <PlanDetail key={id} planId={id} milestoneCreditsLeft={credits.data?.balances.milestone} />;
}
