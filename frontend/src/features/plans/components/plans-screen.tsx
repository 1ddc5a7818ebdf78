import './plans-screen.css';
import { NonIdealState } from '@blueprintjs/core';
import { LoadingText } from '../../../components/ui/loading-text';
import { RouterButton } from '../../../components/ui/router-button';
import { useAuth } from '../../../lib/auth/auth-provider';
import { usePlans } from '../api/get-plans';
import { PlanCard } from './plan-card';
import { LoadFailure } from '../../../components/ui/load-failure';

/** /plans (spec §2): the member's plans as cards, with the ways on to more ideas and the dashboard. */
export function PlansScreen() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingText />;
  if (!user) {
    return (
      <div className="page">
        <h1 className="page-title">My Plans</h1>
        <NonIdealState
          icon="lock"
          title="Please log in to view your plans"
          action={<RouterButton to="/auth?redirect=/plans" intent="primary" text="Log In" />}
        />
      </div>
    );
  }
  return <MemberPlans />;
}

function MemberPlans() {
  const plans = usePlans();

  let body;
  if (plans.isPending) body = <LoadingText />;
  else if (plans.isError)
    body = (
      <LoadFailure title="Failed to load your plans" query={plans} />
    );
  else if (plans.data.length === 0)
    body = (
      <NonIdealState
        icon="map"
        title="Create Your First Plan"
        description="Pick one of your ideas and press Generate Plan: you get weekly milestones with tasks, resources and help along the way."
        action={<RouterButton to="/ideas" intent="primary" icon="lightbulb" text="Create Your First Plan" />}
      />
    );
  else
    body = (
      <div className="plans-grid">
        {plans.data.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </div>
    );

  return (
    <div className="page plans-page">
      <div className="plans-header">
        <h1 className="page-title">My Plans</h1>
        <div className="plans-actions">
          <RouterButton to="/ideas" icon="lightbulb" text="Explore More Ideas" />
          <RouterButton to="/dashboard" icon="home" text="Go to Dashboard" />
        </div>
      </div>
      {body}
    </div>
  );
}
