import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
// oidc-provider ships no type declarations (and there is no @types package for v9): the few parts
// used here are typed by `ProviderInstance` below.
// @ts-expect-error -- untyped JavaScript module
import Provider from 'oidc-provider';
import * as client from 'openid-client';

/**
 * A real OpenID Connect provider (panva's `oidc-provider`, the certified implementation) run on
 * 127.0.0.1 over plain http, standing in for Google in the tests of "Sign in with Google": the app
 * discovers it (`/.well-known/openid-configuration`), sends the browser to its authorization
 * endpoint, exchanges the code at its token endpoint and checks the ID token against its JWKS,
 * exactly as it does against accounts.google.com.
 *
 * - Two confidential clients: the app's (`skilly-test-client`) and `other-app` (for audience tests:
 *   a genuine ID token issued to someone else). Both authenticate with client_secret_basic, and
 *   client_secret_post is accepted too (oidc-provider treats the two secret methods as one).
 *   Authorization code flow only (`response_type=code`), PKCE (S256) required of every request.
 * - Scopes `openid email profile`; the ID token itself carries `email`, `email_verified`, `name`,
 *   `given_name` and `family_name` (as Google's does), not only the userinfo endpoint
 *   (`conformIdTokenClaims: false`).
 * - Users sign in on oidc-provider's development login page (`devInteractions`): any password is
 *   accepted for an account added with `addAccount`. Consent is never asked: the grant of the
 *   requested scopes is made on the first authorization (`loadExistingGrant`), as Google does for a
 *   user who already consented. A browser test fills the login form (`input[name=login]`,
 *   `input[name=password]`, submit); `authorize` does the same over HTTP.
 * - Signing key: a fresh RSA key (RS256) per provider; state lives in memory per provider.
 */

export interface OidcTestAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

export interface OidcTestProvider {
  /** e.g. `http://127.0.0.1:<port>` (no trailing slash). */
  issuer: string;
  /** The app's client (`skilly-test-client`). */
  clientId: string;
  clientSecret: string;
  /** A second registered client (`other-app`), for audience tests. */
  otherClientId: string;
  otherClientSecret: string;
  /** Makes `account` the one the next logins may use (keyed by sub; may be called many times). */
  addAccount(account: OidcTestAccount): void;
  /**
   * Drives the provider's login (and, should one be asked, consent) interactions over plain HTTP
   * with a fresh cookie jar (a new browser: no session yet), as a user who signs in as `sub`,
   * starting from an authorization URL the app produced (its redirect to the provider). Returns the
   * URL the provider finally redirects the browser to (the app's redirect_uri with code and state,
   * or with `error` when the provider refuses the request after the login).
   */
  authorize(authorizationUrl: string, sub: string): Promise<URL>;
  /**
   * Runs a whole authorization-code flow for `otherClientId` (with its own PKCE) with the given
   * nonce, and returns the ID token the provider issued to that other client (a genuine token,
   * signed by the provider, aud = other-app).
   */
  idTokenForOtherClient(sub: string, nonce: string): Promise<string>;
  /**
   * The next answer of the token endpoint carries `idToken` instead of the one it issued (a
   * genuine token of this provider, for another client: what a relying party must refuse).
   */
  replaceNextIdToken(idToken: string): void;
  close(): Promise<void>;
}

/** What this file uses of an oidc-provider `Provider` (the package has no types). */
interface ProviderInstance {
  callback(): (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
  use(middleware: (ctx: { path: string; method: string; body: unknown }, next: () => Promise<void>) => Promise<void>): void;
}

interface GrantInstance {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}

interface ProviderContext {
  oidc: {
    client: { clientId: string };
    session: { accountId: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    params: { scope?: string };
    provider: {
      Grant: {
        new (fields: { clientId: string; accountId: string }): GrantInstance;
        find(id: string): Promise<GrantInstance | undefined>;
      };
    };
  };
  type: string;
  body: unknown;
}

const mainClientId = 'skilly-test-client';
const otherClientId = 'other-app';
const otherRedirectUri = 'http://127.0.0.1/other-callback';
const supportedScopes = ['openid', 'email', 'profile'];

export async function startOidcTestProvider(options: { redirectUris: string[] }): Promise<OidcTestProvider> {
  const accounts = new Map<string, OidcTestAccount>();
  const clientSecret = randomBytes(24).toString('base64url');
  const otherClientSecret = randomBytes(24).toString('base64url');

  // The issuer names the port, so the server listens before the provider exists.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const signingKey = {
    ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
    kid: randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  };

  const provider = new Provider(issuer, {
    // A memory store of this provider's own: no warning, and nothing shared with other providers
    // started in the same worker (oidc-provider's own memory adapter is one module-wide LRU).
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: mainClientId,
        client_secret: clientSecret,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        redirect_uris: options.redirectUris,
      },
      {
        client_id: otherClientId,
        client_secret: otherClientSecret,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        redirect_uris: [...new Set([...options.redirectUris, otherRedirectUri])],
      },
    ],
    responseTypes: ['code'],
    scopes: supportedScopes,
    claims: {
      acr: null,
      sid: null,
      auth_time: null,
      iss: null,
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // By default the claims of `email`/`profile` go to the userinfo endpoint only when an access
    // token is issued too (the code flow); Google puts them in the ID token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: true },
      userinfo: { enabled: true },
    },
    // Skip consent: the first authorization of a client grants it the requested scopes.
    async loadExistingGrant(ctx: ProviderContext) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope(supportedScopes.join(' '));
      await grant.save();
      return grant;
    },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub: account.sub,
            email: account.email,
            email_verified: account.emailVerified,
            name: `${account.givenName} ${account.familyName}`,
            given_name: account.givenName,
            family_name: account.familyName,
          };
        },
      };
    },
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    ttl: { AccessToken: 3600, AuthorizationCode: 600, IdToken: 3600, Interaction: 3600, Session: 3600, Grant: 3600 },
    clientBasedCORS: () => false,
    // The default error page says so on the console each time: this one shows the same.
    async renderError(ctx: ProviderContext, out: Record<string, unknown>) {
      ctx.type = 'html';
      ctx.body = `<!DOCTYPE html><html><head><title>OIDC error</title></head><body><h1>OIDC error</h1>${Object.entries(out)
        .map(([key, value]) => `<pre><strong>${escapeHtml(key)}</strong>: ${escapeHtml(String(value))}</pre>`)
        .join('')}</body></html>`;
    },
  }) as ProviderInstance;
  let nextIdToken: string | undefined;
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (nextIdToken && ctx.method === 'POST' && ctx.path === '/token' && body?.id_token) {
      body.id_token = nextIdToken;
      nextIdToken = undefined;
    }
  });
  server.on('request', provider.callback());

  async function authorize(authorizationUrl: string, sub: string): Promise<URL> {
    if (!accounts.has(sub)) throw new Error(`oidc-test-provider: no account ${sub} (call addAccount first)`);
    let url = new URL(authorizationUrl);
    if (url.origin !== issuer) throw new Error(`oidc-test-provider: ${url.origin} is not the provider (${issuer})`);
    const jar = new CookieJar();
    let request: { method: 'GET' | 'POST'; body?: URLSearchParams } = { method: 'GET' };
    for (let step = 0; step < 20; step++) {
      const response = await fetch(url, {
        method: request.method,
        redirect: 'manual',
        headers: {
          ...(jar.header(url) ? { cookie: jar.header(url) } : {}),
          ...(request.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: request.body,
      });
      jar.store(url, response.headers.getSetCookie());
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        const next = new URL(location, url);
        if (next.origin !== issuer) return next;
        url = next;
        request = { method: 'GET' };
        continue;
      }
      const html = await response.text();
      const form = response.ok ? parseForm(html) : undefined;
      if (!form) {
        throw new Error(`oidc-test-provider: unexpected ${response.status} at ${url.pathname}: ${html.slice(0, 2000)}`);
      }
      const body = new URLSearchParams(form.hidden);
      if (form.hidden.prompt === 'login') {
        body.set('login', sub);
        body.set('password', 'any');
      }
      url = new URL(form.action, url);
      request = { method: 'POST', body };
    }
    throw new Error('oidc-test-provider: too many steps in the authorization');
  }

  async function idTokenForOtherClient(sub: string, nonce: string): Promise<string> {
    const config = await client.discovery(
      new URL(issuer),
      otherClientId,
      otherClientSecret,
      client.ClientSecretBasic(otherClientSecret),
      { execute: [client.allowInsecureRequests] },
    );
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: otherRedirectUri,
      scope: supportedScopes.join(' '),
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const callback = await authorize(authorizationUrl.href, sub);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    if (!tokens.id_token) throw new Error('oidc-test-provider: no ID token for the other client');
    return tokens.id_token;
  }

  return {
    issuer,
    clientId: mainClientId,
    clientSecret,
    otherClientId,
    otherClientSecret,
    addAccount(account) {
      accounts.set(account.sub, { ...account });
    },
    authorize,
    idTokenForOtherClient,
    replaceNextIdToken(idToken) {
      nextIdToken = idToken;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The first form of a page: its action and its hidden inputs (`prompt=login|consent`). */
function parseForm(html: string): { action: string; hidden: Record<string, string> } | undefined {
  const form = /<form\b[^>]*\baction="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return undefined;
  const hidden: Record<string, string> = {};
  for (const input of form[2].matchAll(/<input\b[^>]*>/gi)) {
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(input[0])?.[1];
    const name = attribute('name');
    if (attribute('type') === 'hidden' && name) hidden[unescapeHtml(name)] = unescapeHtml(attribute('value') ?? '');
  }
  return { action: unescapeHtml(form[1]), hidden };
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Just enough of a browser's cookie jar for one origin: name, path and deletion. */
class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  store(url: URL, setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const equals = pair.indexOf('=');
      if (equals <= 0) continue;
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      let path = url.pathname.slice(0, url.pathname.lastIndexOf('/')) || '/';
      let expired = false;
      for (const attribute of attributes) {
        const [key, ...rest] = attribute.split('=');
        const attributeValue = rest.join('=');
        switch (key.toLowerCase()) {
          case 'path':
            path = attributeValue || '/';
            break;
          case 'max-age':
            expired ||= Number(attributeValue) <= 0;
            break;
          case 'expires':
            expired ||= Date.parse(attributeValue) <= Date.now();
            break;
        }
      }
      const key = `${name};${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  /** The Cookie header for a request to `url` (longest paths first, as browsers send them). */
  header(url: URL): string {
    return [...this.cookies.values()]
      .filter(({ path }) => url.pathname === path || url.pathname.startsWith(path.endsWith('/') ? path : `${path}/`))
      .sort((a, b) => b.path.length - a.path.length)
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
  }
}

/**
 * oidc-provider's storage contract (find/upsert/consume/destroy, the session's uid and the grant's
 * tokens as lookups), in a Map of this provider's own; entries expire as they would in a store.
 */
function memoryAdapter() {
  interface Entry {
    payload: Record<string, unknown>;
    expiresAt: number;
  }
  const entries = new Map<string, Entry>();
  // The models whose entries belong to a grant (revoking the grant revokes them).
  const grantable = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return class MemoryAdapter {
    constructor(private readonly model: string) {}

    private key(id: string) {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
      const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Infinity;
      entries.set(this.key(id), { payload, expiresAt });
    }

    async find(id: string) {
      return live(this.key(id))?.payload;
    }

    async findByUid(uid: string) {
      for (const [key, entry] of entries) {
        if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid) return live(key)?.payload;
      }
      return undefined;
    }

    async findByUserCode(userCode: string) {
      for (const [key, entry] of entries) {
        if (key.startsWith(`${this.model}:`) && entry.payload.userCode === userCode) return live(key)?.payload;
      }
      return undefined;
    }

    async consume(id: string) {
      const entry = live(this.key(id));
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string) {
      entries.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of entries) {
        if (grantable.has(key.slice(0, key.indexOf(':'))) && entry.payload.grantId === grantId) entries.delete(key);
      }
    }
  };
}
