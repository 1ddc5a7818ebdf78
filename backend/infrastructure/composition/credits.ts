import { createCreditsService } from '../../application/credits/credits-service';
import { createSpendCompensation } from '../../application/credits/spend-compensation';
import { pendingSpendsIn } from '../../projections/pending-spends/pending-spends-projection';
import type { Platform } from './platform';

/** Credits: the members' ledgers, and the process manager that refunds abandoned spends. */
export function creditsContext(platform: Platform) {
  const { database, eventStore, ids, clock, logger } = platform;
  const credits = createCreditsService({ eventStore, ids, clock });
  return {
    credits,
    /** Refunds credits whose work was never recorded; started where the projections run. */
    compensation: createSpendCompensation({
      pendingSpends: pendingSpendsIn(database.db),
      eventStore,
      credits,
      clock,
      log: logger.child({ component: 'compensation' }),
    }),
  };
}

export type CreditsContext = ReturnType<typeof creditsContext>;
