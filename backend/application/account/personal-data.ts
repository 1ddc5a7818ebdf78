/**
 * Erasing a person's data from the plain tables (those that are not read models; design §3.5,
 * issue 31). Each module that owns such a table exports the eraser of that table beside it
 * (`identity/identity-erasers.ts`, `ideas/trial-results.ts`, …); the account context
 * (`infrastructure/composition/account.ts`) lists them, and account erasure runs every one.
 * Read models erase through their projection's `erase` instead, in the global order of events.
 */

/** The person whose rows go: their account id and every email address the account ever used (trimmed, lower-cased). */
export interface ErasedPerson {
  userId: string;
  /**
   * Empty when the account's events are already gone (the sweep of late writes): an eraser keyed
   * by address then has nothing to look for, and erases by the id alone.
   */
  emails: readonly string[];
}

export interface PersonalDataEraser {
  /** The tables it erases from (the erasure test checks every table of the database is covered or said to hold no personal data). */
  tables: readonly string[];
  /** Deletes (or strips) every row of the person; erasing twice is harmless. */
  erase(person: ErasedPerson): Promise<void>;
}
