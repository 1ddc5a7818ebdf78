/**
 * What the billing role sweeper (`billing/billing-role-sweeper.ts`) asks of the billing-role-checks
 * read model, which answers it (`projections/billing-role-checks/billing-role-checks-projection.ts`).
 */

/** A member the billing events marked for a role check, due at `dueAt`. */
export interface BillingRoleCheck {
  userId: string;
  dueAt: Date;
}

/** The billing-role-checks read model, as the sweeper uses it. */
export interface BillingRoleChecks {
  /** Members due at `now`, the longest waiting first, at most `limit`. */
  due(now: Date, limit: number): Promise<BillingRoleCheck[]>;
  /** Forgets the mark that was checked (a newer one stays). */
  checked(check: BillingRoleCheck): Promise<void>;
}
