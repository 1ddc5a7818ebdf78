import * as openid from 'openid-client';
import { OpenIdRefused, type OpenIdChecks, type OpenIdIdentity, type OpenIdProvider } from '../../application/ports/openid-provider';

export interface OpenIdClientSettings {
  /** The provider to discover (`https://accounts.google.com`). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back: `${PUBLIC_URL}/api/auth/google/callback`. */
  redirectUri: string;
}

/** Plain http is allowed only for a provider on this machine (the tests' own): anywhere else it must be https. */
const isLoopback = (url: URL) => url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/**
 * The OpenID Connect authorization-code flow through openid-client (a certified relying party):
 * the provider's metadata discovered once, PKCE (S256), `state` and `nonce`; the ID token's
 * signature checked against the provider's published keys (`enableNonRepudiationChecks`), as
 * well as its issuer, audience (this client), expiry and nonce, which openid-client always checks.
 */
export function openIdProvider(settings: OpenIdClientSettings): OpenIdProvider {
  let discovered: Promise<openid.Configuration> | undefined;

  function configuration(): Promise<openid.Configuration> {
    discovered ??= (async () => {
      const issuer = new URL(settings.issuer);
      const config = await openid.discovery(
        issuer,
        settings.clientId,
        { redirect_uris: [settings.redirectUri], response_types: ['code'] },
        openid.ClientSecretPost(settings.clientSecret),
        isLoopback(issuer) ? { execute: [openid.allowInsecureRequests] } : undefined,
      );
      openid.enableNonRepudiationChecks(config);
      return config;
    })().catch((error: unknown) => {
      // A provider that was down is asked again next time.
      discovered = undefined;
      throw new OpenIdRefused('the OpenID provider could not be reached', { cause: error });
    });
    return discovered;
  }

  return {
    async authorizationUrl(checks: OpenIdChecks): Promise<URL> {
      const config = await configuration();
      return openid.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await openid.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async identityFrom(callbackUrl: URL, checks: OpenIdChecks): Promise<OpenIdIdentity> {
      const config = await configuration();
      let claims: openid.IDToken | undefined;
      try {
        const tokens = await openid.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        throw new OpenIdRefused(`the provider's answer was refused: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      if (!claims || typeof claims.sub !== 'string') throw new OpenIdRefused('the ID token names nobody');
      const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
      return {
        subject: claims.sub,
        email: text(claims.email),
        emailVerified: claims.email_verified === true,
        givenName: text(claims.given_name) || text(claims.name).split(/\s+/)[0] || '',
        familyName: text(claims.family_name),
      };
    },
  };
}
