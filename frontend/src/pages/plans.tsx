import { PlansScreen } from '../features/plans/components/plans-screen';

/** /plans (protected): the member's plans. */
export default function PlansPage() {
  return <PlansScreen />;
}
