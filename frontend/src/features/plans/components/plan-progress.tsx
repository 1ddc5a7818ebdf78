import { ProgressBar } from '@blueprintjs/core';
import type { PlanDto } from '@contracts/plans';

/**
 * Spec §2 "overall progress percent", which §9 defines as the rounded percent of completed tasks:
 * said so, beside the milestones done, so 100% after week 1 of 6 does not read as a finished plan.
 */
export function PlanProgress({ plan, label = 'Overall progress' }: { plan: PlanDto; label?: string }) {
  const tasks = plan.milestones.flatMap((milestone) => milestone.tasks);
  const done = tasks.filter((task) => task.completed === 'true').length;
  const finished = plan.totalMilestones > 0 && plan.completedMilestones >= plan.totalMilestones;
  return (
    <div className="plan-progress" aria-label={`${label}: ${plan.progress}% of tasks done`}>
      <div className="plan-progress-label">
        <span>{label}: tasks done</span>
        <strong data-testid="plan-progress">{plan.progress}%</strong>
      </div>
      <ProgressBar value={plan.progress / 100} animate={false} stripes={false} intent={finished ? 'success' : 'primary'} />
      <span className="muted plan-progress-milestones" data-testid="plan-progress-counts">
        {done} of {tasks.length} {tasks.length === 1 ? 'task' : 'tasks'} · {plan.completedMilestones} of {plan.totalMilestones} milestones done
      </span>
    </div>
  );
}
