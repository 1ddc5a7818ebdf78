import './action-plans.css';
import { Button, Callout, Card, Classes, NonIdealState, ProgressBar, Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { RouterButton } from '../../../components/ui/router-button';
import { usePlans } from '../api/get-plans';
import { categoryLabel, statusIntent, statusLabel } from './plan-format';

const SHOWN = 3;

/** Spec §2, §9 Action Plans on the dashboard: the first 3 plans, each linking to /plan/{id}; polled every 10 s. */
export function ActionPlans() {
  const plans = usePlans({ poll: true });

  let body;
  if (plans.isPending) body = <div className={`${Classes.SKELETON} action-plans-skeleton`} />;
  else if (plans.isError)
    body = (
      <Callout intent="danger" icon="error" title="Failed to load your plans">
        <Button icon="refresh" text="Retry" loading={plans.isFetching} onClick={() => void plans.refetch()} />
      </Callout>
    );
  else if (plans.data.length === 0)
    body = (
      <NonIdealState
        icon="map"
        title="No plans yet"
        description="Pick one of your ideas and press Generate Plan to get a step-by-step plan."
        action={<RouterButton to="/ideas" text="Explore Ideas" />}
      />
    );
  else
    body = (
      <ul className="action-plans-list">
        {plans.data.slice(0, SHOWN).map((plan) => (
          <li key={plan.id}>
            <Link to={`/plan/${encodeURIComponent(plan.id)}`} className="action-plan" data-testid="action-plan">
              <span className="action-plan-title">{plan.title}</span>
              <span className="action-plan-meta muted">
                <Tag minimal round>
                  {categoryLabel(plan.category)}
                </Tag>
                <Tag minimal round intent={statusIntent[plan.status]}>
                  {statusLabel[plan.status]}
                </Tag>
                <span>
                  {plan.completedMilestones}/{plan.totalMilestones} milestones · {plan.progress}%
                </span>
              </span>
              <ProgressBar value={plan.progress / 100} animate={false} stripes={false} intent={plan.progress === 100 ? 'success' : 'primary'} />
            </Link>
          </li>
        ))}
      </ul>
    );

  return (
    <Card className="dashboard-panel" elevation={1} role="region" aria-labelledby="action-plans-title">
      <div className="dashboard-panel-header">
        <h2 id="action-plans-title" className="dashboard-section-title">
          Action Plans
        </h2>
        <Link to="/plans">View all</Link>
      </div>
      {body}
    </Card>
  );
}
