/**
 * What the compensation process manager (`credits/spend-compensation.ts`) asks of the pending-spends
 * read model, which answers it (`projections/pending-spends/pending-spends-projection.ts`).
 */

/** A spend the pending-spends read model still waits to see settled. */
export interface PendingSpend {
  consumption_id: string;
  user_id: string;
  kind: string;
  paid_for_id: string;
  /** The plan whose stream records a milestone or help answer. */
  plan_id: string | null;
}

/** The pending-spends read model, as the process manager uses it. */
export interface PendingSpends {
  /** Spends past their deadline at `now`, oldest first, at most `limit`. */
  due(now: Date, limit: number): Promise<PendingSpend[]>;
  /** Drops a settled spend. */
  forget(consumptionId: string): Promise<void>;
}
