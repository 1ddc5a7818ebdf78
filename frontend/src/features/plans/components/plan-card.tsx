import { Card, Icon, ProgressBar, Tag } from '@blueprintjs/core';
import type { PlanDto } from '@contracts/plans';
import { RouterButton } from '../../../components/ui/router-button';
import { categoryLabel, daysActive, daysActiveLabel, planCategoryColor, resourceBadges, statusIntent, statusLabel } from './plan-format';

/** Spec §2 Plans list: category and status badges, milestones done/total, days active, progress, a few resources, View Plan. */
export function PlanCard({ plan, now }: { plan: PlanDto; now?: number }) {
  const color = planCategoryColor(plan.category);
  const { free, paid } = resourceBadges(plan);
  return (
    <Card className="plan-card" elevation={1} style={{ borderTopColor: color }} data-testid="plan-card">
      <div className="plan-card-badges">
        <Tag minimal round style={{ color, background: `${color}1f` }}>
          {categoryLabel(plan.category)}
        </Tag>
        <Tag minimal round intent={statusIntent[plan.status]}>
          {statusLabel[plan.status]}
        </Tag>
      </div>
      <h2 className="plan-card-title">{plan.title}</h2>
      <p className="plan-card-description muted">{plan.description}</p>
      <div className="plan-card-facts muted">
        <span>
          <Icon icon="flag" size={12} /> {plan.completedMilestones}/{plan.totalMilestones} milestones
        </span>
        <span>
          <Icon icon="calendar" size={12} /> {daysActiveLabel(daysActive(plan.createdAt, now))}
        </span>
      </div>
      <div className="plan-card-progress">
        <span className="plan-card-progress-label">
          <span>Progress</span>
          <strong>{plan.progress}%</strong>
        </span>
        <ProgressBar value={plan.progress / 100} animate={false} stripes={false} intent={plan.progress === 100 ? 'success' : 'primary'} />
      </div>
      {free.length + paid.length > 0 ? (
        <div className="plan-card-resources" aria-label="Resources">
          {free.map((resource) => (
            <Tag key={`free-${resource.name}`} minimal intent="success" icon="book">
              {resource.name}
            </Tag>
          ))}
          {paid.map((resource) => (
            <Tag key={`paid-${resource.name}`} minimal intent="warning" icon="dollar">
              {resource.name}
            </Tag>
          ))}
        </div>
      ) : null}
      <RouterButton className="plan-card-view" to={`/plan/${encodeURIComponent(plan.id)}`} intent="primary" rightIcon="arrow-right" text="View Plan" />
    </Card>
  );
}
