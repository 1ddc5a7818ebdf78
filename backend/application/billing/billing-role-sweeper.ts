import type { Clock } from '../ports/system';
import type { BillingRoleChecks } from '../ports/billing-role-checks';
import type { ProviderEvent } from '../ports/payment-gateway';
import type { BillingRolePolicy } from './billing-role-policy';
import { periodicSweep } from '../event-sourcing/periodic-sweep';

/** The simulated gateway's subscriptions whose scheduled cancellation is due: their `subscription_deleted`. */
export interface DueSimulatedEnds {
  /** The `subscription_deleted` of every simulated subscription ended and not yet confirmed (each under one event id). */
  dueEnds(now: Date): Promise<ProviderEvent[]>;
  /** The intake took that subscription's deletion: it is not sent again. */
  endReported(subscriptionId: string): Promise<void>;
}

export interface BillingRoleSweeperDeps {
  checks: BillingRoleChecks;
  policy: BillingRolePolicy;
  clock: Clock;
  /** Feeds a provider event through the intake (the same path as a webhook). */
  takeProviderEvent(event: ProviderEvent, origin: { requestId: string }): Promise<unknown>;
  /** With the simulated gateway only: nobody else ends its subscriptions at their period's end. */
  simulated?: DueSimulatedEnds;
  /** How often the timer looks (default 30 s). */
  intervalMs?: number;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * The role policy's sweeper: repairs what a crash between the billing command and the role
 * change (or the ledger's sync) left undone. The `billing-role-checks` projection feeds it from
 * the event log with its own checkpoint; a timer runs the policy for each member past their
 * grace and forgets the mark. The policy decides from the billing stream and the user's current
 * role, so a member already right costs two reads and no write, and two sweepers (or a sweeper
 * and a request) never change a role twice.
 *
 * With the simulated gateway it also plays the provider's part at a period's end: a
 * subscription whose cancellation is scheduled and whose period has passed is deleted, through
 * the intake like any provider event.
 */
export function createBillingRoleSweeper(deps: BillingRoleSweeperDeps) {
  const { checks, policy, clock } = deps;
  const intervalMs = deps.intervalMs ?? 30_000;
  const log = deps.log ?? { info: () => {}, error: () => {} };

  /** Ends due simulated subscriptions, then checks every due member; answers how many roles changed. */
  async function sweep(): Promise<number> {
    let changed = 0;
    if (deps.simulated) {
      for (const event of await deps.simulated.dueEnds(clock.now())) {
        if (event.kind !== 'subscription_deleted') continue;
        try {
          await deps.takeProviderEvent(event, { requestId: `sweep-${event.eventId}` });
          await deps.simulated.endReported(event.subscriptionId);
          log.info({ subscriptionId: event.subscriptionId }, 'ended a simulated subscription at its period end');
        } catch (error) {
          log.error({ err: error, subscriptionId: event.subscriptionId }, 'could not end a simulated subscription; the next sweep sends it again');
        }
      }
    }
    for (;;) {
      const due = await checks.due(clock.now(), 100);
      let failed = 0;
      for (const check of due) {
        try {
          const outcome = await policy.apply(check.userId, `role-check-${check.userId}`);
          if (outcome.changed) {
            changed += 1;
            log.info({ userId: check.userId, role: outcome.role }, 'repaired a role the billing account calls for');
          }
          await checks.checked(check);
        } catch (error) {
          // The mark stays: the next sweep tries this member again.
          failed += 1;
          log.error({ err: error, userId: check.userId }, 'billing role check failed');
        }
      }
      if (due.length < 100 || failed > 0) return changed;
    }
  }

  return { sweep, ...periodicSweep(sweep, { intervalMs, name: 'billing role', log }) };
}

export type BillingRoleSweeper = ReturnType<typeof createBillingRoleSweeper>;
