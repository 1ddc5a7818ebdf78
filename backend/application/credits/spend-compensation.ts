import { ideaSetStreams } from '../../domain/ideas/idea-set';
import { planStream } from '../../domain/plans/plan';
import type { EventStore } from '../ports/event-store';
import type { PendingSpend, PendingSpends } from '../ports/pending-spends';
import type { Clock } from '../ports/system';
import type { CreditsService } from './credits-service';
import { periodicSweep } from '../event-sourcing/periodic-sweep';

/** The reason on a refund of a spend whose work was never recorded. */
export const ABANDONED_REASON = 'generation_abandoned';

export interface SpendCompensationDeps {
  pendingSpends: PendingSpends;
  eventStore: EventStore;
  credits: CreditsService;
  clock: Clock;
  /** How often the timer looks for spends past their deadline (default 30 s). */
  intervalMs?: number;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * The compensation process manager: gives back credits whose work never got recorded (the
 * server died between the spend and the save, or the in-process refund failed). The
 * `pending-spends` projection feeds it from the event log with its own checkpoint; a timer
 * refunds each spend past its deadline with reason `generation_abandoned`.
 *
 * It never refunds twice: the refund names the spend's consumption id and the ledger's
 * decider refunds a consumption once (a second `RefundCredit`, from here, from the request
 * that failed, or from a second sweeper, decides nothing). Nothing lives in memory, so a
 * restart resumes where the projection's checkpoint and table left off.
 */
export function createSpendCompensation(deps: SpendCompensationDeps) {
  const { pendingSpends, eventStore, credits, clock } = deps;
  const intervalMs = deps.intervalMs ?? 30_000;
  const log = deps.log ?? { info: () => {}, error: () => {} };

  /** Whether the work the spend paid for is recorded (the truth, not the read model). */
  async function workRecorded({ kind, paid_for_id: id, plan_id: planId }: PendingSpend): Promise<boolean> {
    if (kind === 'idea') return (await eventStore.readStream(ideaSetStreams.name(id))).length > 0;
    if (kind === 'plan') return (await eventStore.readStream(planStream.name(id))).length > 0;
    if (!planId) return false;
    const plan = await eventStore.readStream(planStream.name(planId));
    if (kind === 'milestone') return plan.some((e) => e.type === 'MilestoneDetailed' && (e.data.milestone as { milestoneId?: string })?.milestoneId === id);
    if (kind === 'help') return plan.some((e) => e.type === 'TaskHelpProvided' && e.data.taskId === id);
    return false;
  }

  /** Refunds every spend past its deadline; answers how many refunds were recorded. */
  async function sweep(): Promise<number> {
    let refunded = 0;
    for (;;) {
      const due = await pendingSpends.due(clock.now(), 100);
      for (const spend of due) {
        if (!(await workRecorded(spend))) {
          const outcome = await credits.refund(spend.user_id, spend.consumption_id, ABANDONED_REASON, {
            actor: null,
            requestId: `compensation-${spend.consumption_id}`,
          });
          if (outcome.position) {
            refunded += 1;
            log.info({ userId: spend.user_id, consumptionId: spend.consumption_id }, 'refunded an abandoned spend');
          }
        }
        // Settled either way: refunded now, refunded before, of an ended period, or its work exists.
        await pendingSpends.forget(spend.consumption_id);
      }
      if (due.length < 100) return refunded;
    }
  }

  return { sweep, ...periodicSweep(sweep, { intervalMs, name: 'compensation', log }) };
}

export type SpendCompensation = ReturnType<typeof createSpendCompensation>;
