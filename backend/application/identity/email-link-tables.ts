// The table type of `email-links.ts`, apart from its code: `ports/database.ts` lists it and
// imports nothing that imports `Database` back.

/** What a one-time link mailed to an address does when opened (`email-links.ts`). */
export type EmailLinkPurpose = 'confirm' | 'restore';

export interface EmailLinkTokensTable {
  token_hash: string;
  purpose: EmailLinkPurpose;
  user_id: string;
  /** The address the link was mailed to. */
  email: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface EmailLinkTables {
  email_link_tokens: EmailLinkTokensTable;
}
