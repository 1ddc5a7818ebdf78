// The table type of `auth-attempts.ts`, apart from its code: `ports/database.ts` lists it and
// imports nothing that imports `Database` back.
import type { Generated } from 'kysely';

/**
 * Attempts at sign-in and at password-reset emails, kept for the throttles' windows. A row is
 * written before the attempt is carried out, under a lock per IP address and per account,
 * so parallel requests cannot all read "under the limit" and go ahead together.
 */
export interface AuthAttemptsTable {
  id: Generated<number>;
  action: AuthAction;
  /** The normalised email the attempt named (whether or not an account has it). */
  account: string;
  ip: string;
  at: Date;
}

export type AuthAction = 'sign_in' | 'password_reset' | 'sign_up';

export interface AuthAttemptsTables {
  auth_attempts: AuthAttemptsTable;
}
