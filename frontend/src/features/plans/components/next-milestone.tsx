import { Button, Callout } from '@blueprintjs/core';
import type { PlanDto } from '@contracts/plans';
import { errorMessage } from '../../../lib/api-client';
import { toast, toastError } from '../../../lib/toaster';
import { useGenerateNextMilestone } from '../api/generate-next-milestone';
import { planErrorBody, type PlanLimit, planLimitOf } from '../api/plan-errors';
import { useTogglesInFlight } from '../api/toggle-task';

/** Spec §4: the next milestone may be generated only once every task of every detailed milestone is done. */
export function allDetailedTasksDone(plan: PlanDto): boolean {
  return plan.milestones.filter((m) => m.isDetailed === 'true').every((m) => m.tasks.every((task) => task.completed === 'true'));
}

/**
 * "Generate Next Milestone (n/total)" while milestones remain, n being the milestones detailed so far as
 * in the notice's "{n+1}" (spec §2, §4, §8): the yellow notice
 * from milestone 2 on, a hint before, "Generating Milestone {n}..." while it runs; a spent allowance
 * becomes the page's limit banner, any other refusal a toast.
 */
export function NextMilestone({
  plan,
  onLimit,
  onGenerated,
}: {
  plan: PlanDto;
  onLimit: (limit: PlanLimit) => void;
  onGenerated: (milestoneId: string) => void;
}) {
  const generate = useGenerateNextMilestone(plan.id);
  // Ticks show at once but reach the server a moment later: the server judges on what it has.
  const togglesInFlight = useTogglesInFlight(plan.id);
  if (plan.currentMilestone >= plan.totalMilestones) return null;

  const next = plan.currentMilestone + 1;
  const ready = allDetailedTasksDone(plan);
  const run = () =>
    generate.mutate(undefined, {
      onSuccess: ({ milestone }) => {
        toast({ title: 'Next milestone generated successfully!', intent: 'success' });
        onGenerated(milestone.id);
      },
      onError: (error) => {
        const limit = planLimitOf(error, "You've reached your milestone generation limit");
        if (limit) {
          onLimit(limit);
          return;
        }
        const body = planErrorBody(error);
        const reason = body?.code === 'previous_tasks_incomplete' || !body ? 'Complete previous tasks first' : errorMessage(error, 'Complete previous tasks first');
        toastError('Cannot generate milestone', reason);
      },
    });

  return (
    <div className="next-milestone">
      {!ready && plan.currentMilestone >= 2 ? (
        <Callout intent="warning" icon="lock" className="next-milestone-notice" data-testid="next-milestone-notice">
          Complete all tasks from previous milestones to unlock Milestone {next}
        </Callout>
      ) : null}
      {!ready && plan.currentMilestone < 2 ? (
        <p className="muted next-milestone-hint">Tick off every task above to unlock the next milestone.</p>
      ) : null}
      <Button intent="primary" size="large" icon="clean" disabled={!ready || togglesInFlight || generate.isPending} onClick={run}>
        {generate.isPending ? `Generating Milestone ${next}...` : `Generate Next Milestone (${plan.currentMilestone}/${plan.totalMilestones})`}
      </Button>
    </div>
  );
}
