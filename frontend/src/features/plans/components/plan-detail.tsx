import './plan-detail.css';
import { Button, Icon, NonIdealState, Tab, Tabs, Tag } from '@blueprintjs/core';
import type { PlanDto } from '@contracts/plans';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadingText } from '../../../components/ui/loading-text';
import { RouterButton } from '../../../components/ui/router-button';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-provider';
import { usePlan } from '../api/get-plan';
import { LimitBannerProvider } from './limit-banner';
import { NextMilestone } from './next-milestone';
import { categoryLabel, planCategoryColor, statusIntent, statusLabel, timeEstimateLabel } from './plan-format';
import { PlanHistory } from './plan-history';
import { PlanMilestones } from './plan-milestones';
import { PlanProgress } from './plan-progress';

export type PlanDetailProps = {
  planId: string;
  /** Milestone credits left this period (the page reads them from the credits feature); hidden while unknown. */
  milestoneCreditsLeft?: number;
};

/** /plan/{id} (spec §2): signed-out and not-found states, then the plan and its history. */
export function PlanDetail(props: PlanDetailProps) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingText />;
  if (!user) {
    return (
      <div className="page">
        <NonIdealState
          icon="lock"
          title="Please log in to view this plan"
          action={<RouterButton to={`/auth?redirect=${encodeURIComponent(`/plan/${props.planId}`)}`} intent="primary" text="Log In" />}
        />
      </div>
    );
  }
  return <MemberPlan {...props} />;
}

function MemberPlan({ planId, milestoneCreditsLeft }: PlanDetailProps) {
  const plan = usePlan(planId);
  const [tab, setTab] = useState<'plan' | 'history'>('plan');

  if (plan.isPending) return <LoadingText />;
  if (plan.isError) {
    const missing = plan.error instanceof ApiError && (plan.error.status === 404 || plan.error.status === 400);
    return (
      <div className="page">
        <NonIdealState
          className={missing ? undefined : 'load-error'}
          icon={missing ? 'search' : 'error'}
          title={missing ? 'Plan not found' : 'Failed to load this plan'}
          action={
            missing ? (
              <RouterButton to="/plans" intent="primary" icon="arrow-left" text="Back to Plans" />
            ) : (
              <Button intent="primary" icon="refresh" text="Retry" loading={plan.isFetching} onClick={() => void plan.refetch()} />
            )
          }
        />
      </div>
    );
  }

  return (
    <div className="page plan-page">
      <Link to="/plans" className="plan-back">
        <Icon icon="arrow-left" size={14} /> Back to My Plans
      </Link>
      <PlanHeader plan={plan.data} milestoneCreditsLeft={milestoneCreditsLeft} showProgress={tab === 'plan'} />
      <Tabs id="plan-tabs" selectedTabId={tab} onChange={(next) => setTab(next as 'plan' | 'history')} large renderActiveTabPanelOnly>
        <Tab id="plan" title="Plan" panel={<PlanBody plan={plan.data} />} />
        <Tab id="history" title="History" icon="history" panel={<PlanHistory planId={planId} />} />
      </Tabs>
    </div>
  );
}

/** `showProgress`: today's progress; the History tab shows the progress of the moment it displays instead. */
function PlanHeader({ plan, milestoneCreditsLeft, showProgress }: { plan: PlanDto; milestoneCreditsLeft?: number; showProgress: boolean }) {
  const color = planCategoryColor(plan.category);
  return (
    <header className="plan-header">
      <div className="plan-header-badges">
        <Tag minimal round style={{ color, background: `${color}1f` }}>
          {categoryLabel(plan.category)}
        </Tag>
        <Tag minimal round intent={statusIntent[plan.status]}>
          {statusLabel[plan.status]}
        </Tag>
        <Tag minimal round icon="time">
          {timeEstimateLabel(plan.timeEstimate)}
        </Tag>
        {milestoneCreditsLeft !== undefined ? (
          <Tag minimal round icon="flash" intent="primary" data-testid="milestone-credits">
            {milestoneCreditsLeft} milestone {milestoneCreditsLeft === 1 ? 'credit' : 'credits'} left
          </Tag>
        ) : null}
      </div>
      <h1 className="page-title plan-title">{plan.title}</h1>
      {showProgress ? <PlanProgress plan={plan} /> : null}
      <section className="plan-overview">
        <h2 className="plan-section-title">Overview</h2>
        <p>{plan.description}</p>
      </section>
    </header>
  );
}

function PlanBody({ plan }: { plan: PlanDto }) {
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <LimitBannerProvider>
      <div className="plan-body">
        <h2 className="plan-section-title">Milestones</h2>
        <PlanMilestones plan={plan} actions={{ planId: plan.id }} opened={opened} />
        <NextMilestone plan={plan} onGenerated={setOpened} />
        <div className="plan-footer-actions">
          <RouterButton to="/plans" icon="map" text="View All Plans" />
          <RouterButton to="/ideas" icon="lightbulb" text="Explore More Ideas" />
        </div>
      </div>
    </LimitBannerProvider>
  );
}
