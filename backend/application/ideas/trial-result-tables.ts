// The table type of `trial-results.ts`, apart from its code: `ports/database.ts` lists it and
// imports nothing that imports `Database` back.

/** A visitor's trial ideas kept under a token (`trial-results.ts`). */
export interface TrialResultsTable {
  token_hash: string;
  /** SHA-256 of the skill and the ideas' titles (`trialFingerprint`). */
  fingerprint: string;
  skill: string;
  /** `{categories, ideas}` as generated. */
  result: unknown;
  created_at: Date;
  expires_at: Date;
  /** The member who saved it, and the idea set it became; null until saved. */
  claimed_by: string | null;
  idea_set_id: string | null;
  /** SHA-256 of the id in the trial cookie of the browser that made it; null for results kept before browsers were named. */
  visitor_hash: string | null;
}

export interface TrialResultTables {
  trial_results: TrialResultsTable;
}
