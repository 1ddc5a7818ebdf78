import { createCreditsService } from '../../application/credits/credits-service';
import { createSpendCompensation } from '../../application/credits/spend-compensation';
import { pendingSpendsIn } from '../../projections/pending-spends/pending-spends-projection';
import type { Platform } from './platform';
import { creditAccountDecider, creditAccountEventTypes, creditAccountStreams } from '../../domain/credits/credit-account';
import { monthlyAllowances } from '../../domain/credits/allowances';
import { creditAccountsReadModel } from '../../projections/credit-accounts/read-model';
import { creditStatementReadModel } from '../../projections/credit-statement/read-model';
import { pendingSpendsReadModel } from '../../projections/pending-spends/read-model';
import { readCreditStatement } from '../../projections/credit-statement/credit-statement-projection';
import { defineSlice } from '../slices/slice';
import { callers } from '../slices/callers';

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

/** Credits' slice: the ledgers, the statement and the refund of abandoned spends. */
export const creditsSlice = defineSlice({
  name: 'credits',
  context: (platform) => creditsContext(platform),
  readModels: [creditAccountsReadModel, creditStatementReadModel, pendingSpendsReadModel],
  aggregates: [
    {
      name: 'credit account',
      decider: creditAccountDecider,
      history: [{ type: 'CreditAccountOpened', data: { userId: 'u', tier: 'free', allowances: monthlyAllowances.free, periodStart: '2026-03-01T00:00:00.000Z', resetAt: '2026-04-01T00:00:00.000Z' } }],
    },
  ],
  // A member's ledger stream is named by their id.
  streamOwners: [
    { eventTypes: creditAccountEventTypes, ownerOf: (event) => (event.streamName.startsWith(creditAccountStreams.prefix) ? creditAccountStreams.idOf(event.streamName) : undefined) },
  ],
  routeFolders: ['credits'],
  exportSections: (_gives, platform) => ({
    creditStatement: async (member) => ({ entries: await readCreditStatement(platform.database.db, member.userId) }),
  }),
  background: ({ compensation }) => [compensation],
  // Who may call each of its operations (the role matrix: tests/reliability/role-matrix.int.spec.ts).
  callers: {
    getCredits: callers.members,
    getCreditStatement: callers.members,
  },
});
