// The table type of `billing-inbox.ts`, apart from its code: `ports/database.ts` lists it and
// imports nothing that imports `Database` back.

/** Every provider event delivered to the billing intake, by its id (`billing-inbox.ts`). */
export interface BillingInboxTable {
  /** The provider's event id (Stripe's `evt_…`, or the simulated gateway's `sim_evt_…`). */
  event_id: string;
  kind: string;
  user_id: string | null;
  received_at: Date;
  processed_at: Date | null;
}

export interface BillingInboxTables {
  billing_inbox: BillingInboxTable;
}
