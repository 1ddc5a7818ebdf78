/**
 * An OpenID Connect provider a member signs in with (Google; issue 52): the authorization-code
 * flow with PKCE, `state` and `nonce`. The adapter (infrastructure/identity/openid-sign-in.ts)
 * speaks the protocol through openid-client; the application keeps the checks between the two
 * legs and decides what the identity means for an account.
 */
export interface OpenIdChecks {
  /** Sent in the authorization request, expected back on the callback (against request forgery). */
  state: string;
  /** Sent in the authorization request, expected inside the ID token (against token replay). */
  nonce: string;
  /** PKCE: the verifier whose S256 challenge went with the authorization request. */
  codeVerifier: string;
}

/** Who the provider vouched for, from the verified ID token. */
export interface OpenIdIdentity {
  /** The provider's stable id of the account (`sub`). */
  subject: string;
  email: string;
  /** Whether the provider verified the member holds `email` (`email_verified`). */
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

export interface OpenIdProvider {
  /** Where to send the browser to sign in, carrying the checks' state, nonce and PKCE challenge. */
  authorizationUrl(checks: OpenIdChecks): Promise<URL>;
  /**
   * Redeems the code of the callback (`callbackUrl` as the browser reached it) and verifies the ID
   * token (signature against the provider's keys, issuer, audience, expiry, nonce); throws
   * `OpenIdRefused` when anything does not hold.
   */
  identityFrom(callbackUrl: URL, checks: OpenIdChecks): Promise<OpenIdIdentity>;
}

/** The provider's answer did not hold up (a forged or replayed callback, a token not for us, the provider down). */
export class OpenIdRefused extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OpenIdRefused';
  }
}
