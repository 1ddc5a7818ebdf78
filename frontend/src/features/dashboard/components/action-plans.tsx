import { Card, NonIdealState } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { RouterButton } from '../../../components/ui/router-button';

/**
 * Spec §2 Action Plans: the first 3 plans, each linking to /plan/{id}. Plans arrive with the plans
 * issue; until the server has them the member has none, and the panel says so.
 */
export function ActionPlans() {
  return (
    <Card className="dashboard-panel" elevation={1} role="region" aria-labelledby="action-plans-title">
      <div className="dashboard-panel-header">
        <h2 id="action-plans-title" className="dashboard-section-title">
          Action Plans
        </h2>
        <Link to="/plans">View all</Link>
      </div>
      <NonIdealState
        icon="map"
        title="No plans yet"
        description="Pick one of your ideas and press Generate Plan to get a step-by-step plan."
        action={<RouterButton to="/ideas" text="Explore Ideas" />}
      />
    </Card>
  );
}
