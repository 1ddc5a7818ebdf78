// The table types of `google-sign-in.ts`, apart from its code: `platform-tables.ts` lists them and
// imports nothing that imports `Database` back.

/**
 * A Google sign-in begun and not yet come back (issue 52): the checks of its authorization
 * request, kept by the digest of its `state` (which also rides in the browser's cookie), used once.
 */
export interface GoogleSignInRequestsTable {
  state_hash: string;
  nonce: string;
  code_verifier: string;
  /** The signed-in member who asked to link Google from their profile (null: a sign-in). */
  user_id: string | null;
  /** Where the member goes once signed in (the /auth page's `redirect`), already checked to be a path of this site. */
  redirect: string | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/**
 * A Google account whose verified email an existing password account has: linked only once the
 * member proves the password, with the token (by digest) the /auth page holds; used once.
 */
export interface GoogleLinkOffersTable {
  token_hash: string;
  user_id: string;
  google_id: string;
  email: string;
  redirect: string | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface GoogleSignInTables {
  google_sign_in_requests: GoogleSignInRequestsTable;
  google_link_offers: GoogleLinkOffersTable;
}
