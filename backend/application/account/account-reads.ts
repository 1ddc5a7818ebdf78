/**
 * What account erasure reads from the read models (a port: the application never imports
 * projections; `infrastructure/composition/account.ts` answers it with the projections' queries).
 */
export interface AccountReads {
  /** Every stream the read models know the member owns (account, ledger, billing, idea sets, plans, tickets). */
  streamsOf(userId: string): Promise<string[]>;
  /** How many admins other than this account can sign in (enabled). */
  otherAdmins(userId: string): Promise<number>;
  /** Accounts first erased at or after `since` that own a stream again (written by work still in flight at the erasure). */
  erasedOwningStreams(since: Date): Promise<string[]>;
}
