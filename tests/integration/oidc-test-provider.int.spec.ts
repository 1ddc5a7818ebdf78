import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcTestProvider, type OidcTestProvider } from '../support/oidc-test-provider';

// The test OpenID provider itself (tests/support/oidc-test-provider.ts), driven the way the app
// drives Google: openid-client v6, discovery, PKCE, state and nonce, the ID token's signature
// checked against the provider's JWKS. The redirect URI is never fetched (nothing listens there).
const redirectUri = 'http://127.0.0.1:9/callback';

describe('the test OpenID provider', () => {
  let provider: OidcTestProvider;

  beforeAll(async () => {
    provider = await startOidcTestProvider({ redirectUris: [redirectUri] });
    provider.addAccount({ sub: 'google-ada', email: 'ada@example.com', emailVerified: true, givenName: 'Ada', familyName: 'Lovelace' });
    provider.addAccount({ sub: 'google-bob', email: 'bob@example.com', emailVerified: false, givenName: 'Bob', familyName: 'Builder' });
  });

  afterAll(async () => {
    await provider?.close();
  });

  async function signIn(sub: string) {
    const config = await client.discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
      execute: [client.allowInsecureRequests],
    });
    client.enableNonRepudiationChecks(config);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const callback = await provider.authorize(authorizationUrl.href, sub);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get('state')).toBe(state);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    return { config, tokens, nonce };
  }

  it('discovers as an http issuer on 127.0.0.1 offering the code flow with S256 PKCE', async () => {
    expect(provider.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const config = await client.discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
      execute: [client.allowInsecureRequests],
    });
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(provider.issuer);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
  });

  it('signs a verified user in: the ID token carries the email and profile claims', async () => {
    const { tokens, nonce } = await signIn('google-ada');
    expect(tokens.claims()).toMatchObject({
      iss: provider.issuer,
      aud: provider.clientId,
      sub: 'google-ada',
      nonce,
      email: 'ada@example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      name: 'Ada Lovelace',
    });
  });

  it('tells an unverified email apart', async () => {
    const { tokens } = await signIn('google-bob');
    expect(tokens.claims()).toMatchObject({ sub: 'google-bob', email: 'bob@example.com', email_verified: false });
  });

  it('refuses an authorization request without PKCE', async () => {
    const config = await client.discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
      execute: [client.allowInsecureRequests],
    });
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: 'openid email', state });
    const callback = await provider.authorize(url.href, 'google-ada');
    expect(callback.searchParams.get('error')).toBe('invalid_request');
  });

  it('issues genuine ID tokens to the other client, for audience tests', async () => {
    const idToken = await provider.idTokenForOtherClient('google-ada', 'other-nonce');
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    expect(payload).toMatchObject({
      iss: provider.issuer,
      aud: provider.otherClientId,
      sub: 'google-ada',
      nonce: 'other-nonce',
      email: 'ada@example.com',
    });
    expect(provider.otherClientId).toBe('other-app');
  });
});
