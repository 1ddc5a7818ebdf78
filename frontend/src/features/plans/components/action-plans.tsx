import { NonIdealState, ProgressBar, Tag } from '@blueprintjs/core';
import { DashboardPanel } from '../../../components/ui/dashboard-panel';
import { LinkCard, LinkCardList } from '../../../components/ui/link-card';
import { RouterButton } from '../../../components/ui/router-button';
import { usePlans } from '../api/get-plans';
import { categoryLabel, statusIntent, statusLabel } from './plan-format';

const SHOWN = 3;

/** Spec §2, §9 Action Plans on the dashboard: the first 3 plans, each linking to /plan/{id}; polled every 10 s. */
export function ActionPlans() {
  return (
    <DashboardPanel
      titleId="action-plans-title"
      title="Action Plans"
      viewAll="/plans"
      query={usePlans({ poll: true })}
      failedTitle="Failed to load your plans"
      empty={
        <NonIdealState
          icon="map"
          title="No plans yet"
          description="Pick one of your ideas and press Generate Plan to get a step-by-step plan."
          action={<RouterButton to="/ideas" text="Explore Ideas" />}
        />
      }
    >
      {(plans) => (
        <LinkCardList>
          {plans.slice(0, SHOWN).map((plan) => (
            <LinkCard
              key={plan.id}
              to={`/plan/${encodeURIComponent(plan.id)}`}
              testId="action-plan"
              title={plan.title}
              meta={
                <>
                  <Tag minimal round>
                    {categoryLabel(plan.category)}
                  </Tag>
                  <Tag minimal round intent={statusIntent[plan.status]}>
                    {statusLabel[plan.status]}
                  </Tag>
                  <span>
                    {plan.completedMilestones}/{plan.totalMilestones} milestones · {plan.progress}%
                  </span>
                </>
              }
            >
              <ProgressBar value={plan.progress / 100} animate={false} stripes={false} intent={plan.progress === 100 ? 'success' : 'primary'} />
            </LinkCard>
          ))}
        </LinkCardList>
      )}
    </DashboardPanel>
  );
}
