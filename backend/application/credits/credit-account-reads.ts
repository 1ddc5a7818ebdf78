import type { CreditCounts, CreditTier } from '../../domain/credits/allowances';

/** A ledger's current period as its read model holds it (ISO dates). */
export interface CreditAccountSnapshot {
  tier: CreditTier;
  periodStart: string;
  resetAt: string;
  allowances: CreditCounts;
  granted: CreditCounts;
  used: CreditCounts;
}

/**
 * What GET /api/credits reads from the credit-accounts read model (a port: the application
 * never imports projections; `infrastructure/composition/credits.ts` answers it).
 */
export interface CreditAccountReads {
  /** The member's ledger row, one primary-key lookup; undefined before the ledger is opened and projected. */
  find(userId: string): Promise<CreditAccountSnapshot | undefined>;
}
