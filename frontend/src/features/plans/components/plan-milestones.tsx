import type { PlanDto } from '@contracts/plans';
import { useState } from 'react';
import { MilestonePanel } from './milestone-panel';
import type { TaskActions } from './task-item';

/** The milestone the member is in: the last detailed one. */
export const currentMilestoneId = (plan: PlanDto) => plan.milestones.filter((m) => m.isDetailed === 'true').at(-1)?.id;

/**
 * The accordion of milestones, the current one open. `opened` adds one (a milestone just generated).
 * Without `actions` the milestones are a read-only record (the plan at a point of its history).
 */
export function PlanMilestones({ plan, actions, opened }: { plan: PlanDto; actions?: TaskActions; opened?: string | null }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set([currentMilestoneId(plan) ?? '']));
  const [seen, setSeen] = useState(opened);
  if (opened !== seen) {
    setSeen(opened);
    if (opened) setOpen(new Set([...open, opened]));
  }
  const toggle = (id: string) => {
    const next = new Set(open);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setOpen(next);
  };
  return (
    <div className="milestones">
      {plan.milestones.map((milestone) => (
        <MilestonePanel key={milestone.id} milestone={milestone} open={open.has(milestone.id)} onToggle={() => toggle(milestone.id)} actions={actions} />
      ))}
    </div>
  );
}
