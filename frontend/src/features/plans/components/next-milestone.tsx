import { Button, Callout, Spinner } from '@blueprintjs/core';
import type { PlanDto } from '@contracts/plans';
import { useGenerateNextMilestone } from '../api/generate-next-milestone';
import { useTogglesInFlight } from '../api/toggle-task';
import { LimitBanner, useShowLimit } from './limit-banner';

/** Spec §4: the next milestone may be generated only once every task of every detailed milestone is done. */
export function allDetailedTasksDone(plan: PlanDto): boolean {
  return plan.milestones.filter((m) => m.isDetailed === 'true').every((m) => m.tasks.every((task) => task.completed === 'true'));
}

const LIMIT_PLACE = 'next-milestone';

/**
 * "Generate Next Milestone (n/total)" while milestones remain, n being the milestones detailed so far as
 * in the notice's "{n+1}" (spec §2, §4, §8): the yellow notice from milestone 2 on, a hint before,
 * "Generating Milestone {n}..." while it runs (one call, however many clicks); a spent allowance shows
 * its banner right above the button.
 */
export function NextMilestone({ plan, onGenerated }: { plan: PlanDto; onGenerated: (milestoneId: string) => void }) {
  const generate = useGenerateNextMilestone(plan.id, { onGenerated, onLimit: useShowLimit(LIMIT_PLACE) });
  // Ticks show at once but reach the server a moment later: the server judges on what it has.
  const togglesInFlight = useTogglesInFlight(plan.id);
  if (plan.currentMilestone >= plan.totalMilestones) return null;

  const next = plan.currentMilestone + 1;
  const ready = allDetailedTasksDone(plan);
  return (
    <div className="next-milestone">
      <LimitBanner place={LIMIT_PLACE} />
      {!ready && plan.currentMilestone >= 2 ? (
        <Callout intent="warning" icon="lock" className="next-milestone-notice" data-testid="next-milestone-notice">
          Complete all tasks from previous milestones to unlock Milestone {next}
        </Callout>
      ) : null}
      {!ready && plan.currentMilestone < 2 ? (
        <p className="muted next-milestone-hint">Tick off every task above to unlock the next milestone.</p>
      ) : null}
      {ready && togglesInFlight && !generate.running ? (
        <div className="muted next-milestone-hint" role="status" data-testid="saving-progress">
          <Spinner size={14} /> Saving your progress…
        </div>
      ) : null}
      <Button intent="primary" size="large" icon="clean" disabled={!ready || togglesInFlight || generate.running} onClick={() => generate.run()}>
        {generate.running ? `Generating Milestone ${next}...` : `Generate Next Milestone (${plan.currentMilestone}/${plan.totalMilestones})`}
      </Button>
    </div>
  );
}
