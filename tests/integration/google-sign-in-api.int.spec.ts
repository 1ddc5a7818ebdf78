import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcTestProvider, type OidcTestAccount, type OidcTestProvider } from '../support/oidc-test-provider';
import { Client, eventCount, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * "Continue with Google" (issue 52) against a real OpenID provider run here (oidc-provider, with
 * its own keys): the app's openid-client does discovery, PKCE, state and nonce, and verifies the
 * ID token, exactly as it would with Google. Nothing of the client is mocked.
 */

const PUBLIC_URL = 'http://skilly.test';
let provider: OidcTestProvider;
let t: TestApp;
let plain: TestApp;
let accounts = 0;

function googleAccount(overrides: Partial<OidcTestAccount> = {}): OidcTestAccount {
  accounts += 1;
  const account = {
    sub: `google-${Date.now()}-${accounts}`,
    email: `grace.${Date.now()}.${accounts}@gmail.example`,
    emailVerified: true,
    givenName: 'Grace',
    familyName: 'Hopper',
    ...overrides,
  };
  provider.addAccount(account);
  return account;
}

/** The app's own path and query of a URL the provider sent the browser to. */
const pathOf = (url: URL) => `${url.pathname}${url.search}`;

/** The browser clicks "Continue with Google": the app's redirect to the provider. */
async function begin(client: Client, query = ''): Promise<URL> {
  const answer = await client.navigate(`/api/auth/google${query}`);
  expect(answer.status, answer.text).toBe(302);
  const to = new URL(answer.location!);
  expect(to.origin).toBe(provider.issuer);
  return to;
}

/** The whole round trip as `account`: to the provider, signed in there, back to the app; the app's last redirect. */
async function signInWithGoogle(client: Client, account: OidcTestAccount, query = '') {
  const toProvider = await begin(client, query);
  const back = await provider.authorize(toProvider.href, account.sub);
  expect(back.origin).toBe(PUBLIC_URL);
  const answer = await client.navigate(pathOf(back));
  expect(answer.status, answer.text).toBe(302);
  return { location: answer.location!, back, toProvider };
}

const countUsersWithEmail = async (email: string) =>
  (await t.services.database.db.selectFrom('users').select('id').where('email_normalised', '=', email.toLowerCase()).execute()).length;

beforeAll(async () => {
  provider = await startOidcTestProvider({ redirectUris: [`${PUBLIC_URL}/api/auth/google/callback`] });
  t = await startTestApp({
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: provider.clientId,
    GOOGLE_CLIENT_SECRET: provider.clientSecret,
    GOOGLE_ISSUER: provider.issuer,
  });
  plain = await startTestApp();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await plain?.close();
  await provider?.close();
});

describe('Continue with Google', () => {
  it('is offered only where it is set up: the providers answer says so, and without GOOGLE_CLIENT_ID every Google route is 404', async () => {
    expect((await new Client(t.url).get('/api/auth/providers')).body).toEqual({ google: true });
    const visitor = new Client(plain.url);
    expect((await visitor.get('/api/auth/providers')).body).toEqual({ google: false });
    expect((await visitor.navigate('/api/auth/google')).status).toBe(404);
    expect((await visitor.navigate('/api/auth/google/callback?code=x&state=y')).status).toBe(404);
    expect((await visitor.post('/api/auth/google/link', { token: 'x', password: 'y' })).status).toBe(404);
  });

  it('sends the browser to the provider with PKCE (S256), a state and a nonce, and keeps the state in a cookie for this path only', async () => {
    const client = new Client(t.url);
    const answer = await client.navigate('/api/auth/google');
    const to = new URL(answer.location!);
    expect(to.searchParams.get('client_id')).toBe(provider.clientId);
    expect(to.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/google/callback`);
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(to.searchParams.get('scope')).toBe('openid email profile');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    const state = to.searchParams.get('state')!;
    const cookie = answer.setCookie.find((line) => line.startsWith('skilly_google_state='))!;
    expect(cookie).toContain(`skilly_google_state=${state}`);
    expect(cookie).toMatch(/Path=\/api\/auth\/google/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('a new member: the first sign-in opens a free account from the token (names, verified email, googleId) with its credits, signed in', async () => {
    const account = googleAccount();
    const client = new Client(t.url);
    const { location } = await signInWithGoogle(client, account, '?redirect=%2Fplans');
    // Signed in to /auth, where the app finishes as after a sign-up (spec §4: pending trial ideas, a pending plan, the redirect).
    const finish = new URL(location, PUBLIC_URL);
    expect(finish.pathname).toBe('/auth');
    expect(finish.searchParams.get('signed-in')).toBe('1');
    expect(finish.searchParams.get('tab')).toBe('signup');
    expect(finish.searchParams.get('redirect')).toBe('/plans');

    const me = await client.get('/api/auth/me');
    expect(me.status, me.text).toBe(200);
    expect(me.body).toMatchObject({ email: account.email, firstName: 'Grace', lastName: 'Hopper', role: 'free', googleId: account.sub, disabled: 'false' });
    expect(me.body.creditsResetAt).not.toBeNull();
    const profile = await client.get('/api/user/profile');
    expect(profile.body.googleId).toBe(account.sub);

    // The account has no password: none signs in with it, and there is none to change.
    expect((await new Client(t.url).post('/api/auth/login', { email: account.email, password: 'anything at all' })).status).toBe(401);
    const change = await client.post('/api/user/change-password', { currentPassword: 'anything', newPassword: 'a new password', confirmPassword: 'a new password' });
    expect(change.status).toBe(400);
    expect(change.body.code).toBe('no_password_to_change');

    // Events name it; the address is confirmed (Google verified it); the first session's device is the account's first.
    const userId = me.body.id as string;
    const events = await t.services.eventStore.readStream(`user-${userId}`);
    expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'EmailAddressConfirmed', 'GoogleAccountLinked', 'SignedInWithGoogle', 'SignedInFromNewDevice']);
    expect(events.at(-1)?.data).toMatchObject({ firstDevice: true });
  });

  it('a returning member signs in to the same account, recorded as SignedInWithGoogle; no second account', async () => {
    const account = googleAccount();
    await signInWithGoogle(new Client(t.url), account);
    const before = await eventCount(t, 'SignedInWithGoogle');
    const again = new Client(t.url);
    const { location } = await signInWithGoogle(again, account);
    const finish = new URL(location, PUBLIC_URL);
    expect(finish.searchParams.get('signed-in')).toBe('1');
    expect(finish.searchParams.get('tab')).toBe('signin');
    expect((await again.get('/api/auth/me')).body.email).toBe(account.email);
    expect(await countUsersWithEmail(account.email)).toBe(1);
    expect(await eventCount(t, 'SignedInWithGoogle')).toBe(before + 1);
  });

  it('refuses an email Google has not verified: no account, no session, and the form says why', async () => {
    const account = googleAccount({ emailVerified: false });
    const client = new Client(t.url);
    const toProvider = await begin(client);
    const answer = await client.navigate(pathOf(await provider.authorize(toProvider.href, account.sub)));
    expect(answer.location).toBe('/auth?tab=signin');
    expect(await countUsersWithEmail(account.email)).toBe(0);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    // The notice the /auth page shows on the sign-in form, in its signed cookie.
    const notice = answer.setCookie.find((line) => line.startsWith('skilly_form_notice='))!;
    expect(decodeURIComponent(notice)).toContain('Google has not verified the email address of that Google account');
  });

  it('refuses a forged state: a callback carried into another browser, or with no state cookie, signs nobody in; the real browser still can', async () => {
    const account = googleAccount();
    const victim = new Client(t.url);
    const toProvider = await begin(victim);
    const back = await provider.authorize(toProvider.href, account.sub);

    // An attacker's browser with a state of its own, and a browser with none.
    const attacker = new Client(t.url);
    await begin(attacker);
    for (const browser of [attacker, new Client(t.url)]) {
      const answer = await browser.navigate(pathOf(back));
      expect(answer.location).toBe('/auth?tab=signin');
      expect((await browser.get('/api/auth/me')).status).toBe(401);
    }
    // A state the app never issued, with the cookie to match.
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-value');
    const forger = new Client(t.url);
    const refused = await forger.navigate(pathOf(forged), { cookie: 'skilly_google_state=forged-state-value' });
    expect(refused.location).toBe('/auth?tab=signin');
    expect(await countUsersWithEmail(account.email)).toBe(0);

    const answer = await victim.navigate(pathOf(back));
    expect(new URL(answer.location!, PUBLIC_URL).searchParams.get('signed-in')).toBe('1');
    expect(await countUsersWithEmail(account.email)).toBe(1);
  });

  it('refuses a replayed callback: the same code and state again open no second session', async () => {
    const account = googleAccount();
    const client = new Client(t.url);
    const toProvider = await begin(client);
    const state = toProvider.searchParams.get('state')!;
    const back = await provider.authorize(toProvider.href, account.sub);
    expect(new URL((await client.navigate(pathOf(back))).location!, PUBLIC_URL).searchParams.get('signed-in')).toBe('1');
    const sessionsBefore = await t.services.database.db.selectFrom('sessions').select('token_hash').execute();

    const replay = new Client(t.url);
    const answer = await replay.navigate(pathOf(back), { cookie: `skilly_google_state=${state}` });
    expect(answer.location).toBe('/auth?tab=signin');
    expect((await replay.get('/api/auth/me')).status).toBe(401);
    expect(await t.services.database.db.selectFrom('sessions').select('token_hash').execute()).toHaveLength(sessionsBefore.length);
  });

  it('refuses an ID token issued to another client (its audience), though the provider signed it', async () => {
    const account = googleAccount();
    const client = new Client(t.url);
    const toProvider = await begin(client);
    const back = await provider.authorize(toProvider.href, account.sub);
    // The token endpoint answers with a genuine token of the provider, for "other-app", with the very nonce the app sent.
    provider.replaceNextIdToken(await provider.idTokenForOtherClient(account.sub, toProvider.searchParams.get('nonce')!));
    const answer = await client.navigate(pathOf(back));
    expect(answer.location).toBe('/auth?tab=signin');
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect(await countUsersWithEmail(account.email)).toBe(0);
  });

  it('never links silently: an email a password account has asks for its password, which then links Google and signs in', async () => {
    const member = newMember();
    const owner = new Client(t.url);
    expect((await owner.post('/api/auth/signup', member)).status).toBe(201);
    const ownerId = (await owner.get('/api/auth/me')).body.id as string;
    const account = googleAccount({ email: member.email.toUpperCase() });

    const client = new Client(t.url);
    const { location } = await signInWithGoogle(client, account);
    const offer = new URL(location, PUBLIC_URL);
    expect(offer.pathname).toBe('/auth');
    const token = offer.searchParams.get('link-google')!;
    expect(token).toMatch(/^[\w-]{20,}$/);
    // Nothing linked, nobody signed in yet.
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await owner.get('/api/user/profile')).body.googleId).toBeNull();

    const wrong = await client.post('/api/auth/google/link', { token, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    expect((await owner.get('/api/user/profile')).body.googleId).toBeNull();

    const linked = await client.post('/api/auth/google/link', { token, password: member.password });
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body.user).toMatchObject({ id: ownerId, googleId: account.sub });
    expect((await client.get('/api/auth/me')).body.id).toBe(ownerId);
    // The offer is used up.
    expect((await new Client(t.url).post('/api/auth/google/link', { token, password: member.password })).status).toBe(400);

    // From now on Google signs in to that account directly; the password still works too.
    const later = new Client(t.url);
    const next = await signInWithGoogle(later, account);
    expect(new URL(next.location, PUBLIC_URL).searchParams.get('signed-in')).toBe('1');
    expect((await later.get('/api/auth/me')).body.id).toBe(ownerId);
    expect((await new Client(t.url).post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);
    expect(await countUsersWithEmail(member.email)).toBe(1);
  });

  it('links from the profile of a signed-in member, and refuses a Google account another member has', async () => {
    const member = newMember();
    const client = new Client(t.url);
    expect((await client.post('/api/auth/signup', member)).status).toBe(201);
    const account = googleAccount({ email: `other.${member.email}` });

    const visitor = await new Client(t.url).navigate('/api/auth/google/connect');
    expect(visitor.status).toBe(401);

    const connect = await client.navigate('/api/auth/google/connect');
    expect(connect.status).toBe(302);
    const back = await provider.authorize(connect.location!, account.sub);
    const answer = await client.navigate(pathOf(back));
    expect(answer.location).toBe('/profile?google=connected');
    expect((await client.get('/api/user/profile')).body.googleId).toBe(account.sub);

    const someoneElse = new Client(t.url);
    expect((await someoneElse.post('/api/auth/signup', newMember())).status).toBe(201);
    const again = await someoneElse.navigate('/api/auth/google/connect');
    const refused = await someoneElse.navigate(pathOf(await provider.authorize(again.location!, account.sub)));
    expect(refused.location).toBe('/profile?google=google_account_in_use');
    expect((await someoneElse.get('/api/user/profile')).body.googleId).toBeNull();
  });

  it('a disabled account cannot sign in with Google', async () => {
    const account = googleAccount();
    const client = new Client(t.url);
    await signInWithGoogle(client, account);
    const userId = (await client.get('/api/auth/me')).body.id as string;
    await t.services.identity.disable(userId, 'Abuse of the trial', { actor: null, requestId: 'test' });
    const later = new Client(t.url);
    const { location } = await signInWithGoogle(later, account);
    expect(location).toBe('/auth?tab=signin');
    expect((await later.get('/api/auth/me')).status).toBe(401);
  });

  it('"Forgot password" for a Google account explains how to sign in, with a link to set a first password', async () => {
    const account = googleAccount();
    await signInWithGoogle(new Client(t.url), account);
    const answer = await new Client(t.url).post('/api/auth/forgot-password', { email: account.email });
    expect(answer.status).toBe(200);
    const mail = await t.services.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('recipient', '=', account.email)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    expect(mail?.template).toBe('google-sign-in-help');
    expect(mail?.html).toContain('Continue with Google');
  });
});

describe('a Google account in the member\'s activity, export and erasure', () => {
  it('lists the Google sign-ins and the link in the account activity, by "You"', async () => {
    const member = newMember();
    const client = new Client(t.url);
    expect((await client.post('/api/auth/signup', member)).status).toBe(201);
    const account = googleAccount({ email: member.email });
    const { location } = await signInWithGoogle(new Client(t.url), account);
    const token = new URL(location, PUBLIC_URL).searchParams.get('link-google')!;
    expect((await client.post('/api/auth/google/link', { token, password: member.password })).status).toBe(200);
    await t.services.runner.catchUpAll();
    const summaries = (await client.get('/api/user/activity')).body.entries.map((entry: { summary: string; by: string }) => [entry.summary, entry.by]);
    expect(summaries).toContainEqual([`Google account ${account.email} connected: you can sign in with it`, 'You']);
    expect(summaries).toContainEqual(['Signed in with Google', 'You']);
  });

  it('exports the Google link with the profile, and erasure leaves nothing of it: the same Google account then opens a new account', async () => {
    const account = googleAccount();
    const client = new Client(t.url);
    await signInWithGoogle(client, account);
    const userId = (await client.get('/api/auth/me')).body.id as string;
    const exported = await client.get('/api/user/export');
    expect(exported.status).toBe(200);
    expect(exported.body.profile).toMatchObject({ email: account.email, googleId: account.sub });

    // A link offer and a sign-in begun from the profile name the member: erasure takes them too.
    await client.navigate('/api/auth/google/connect');
    expect((await t.services.database.db.selectFrom('google_sign_in_requests').select('state_hash').where('user_id', '=', userId).execute()).length).toBe(1);
    expect((await client.request('DELETE', '/api/user/account')).status).toBe(200);
    expect(await t.services.database.db.selectFrom('google_sign_in_requests').select('state_hash').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await t.services.eventStore.readStream(`user-${userId}`)).toEqual([]);

    const again = new Client(t.url);
    const { location } = await signInWithGoogle(again, account);
    expect(new URL(location, PUBLIC_URL).searchParams.get('tab')).toBe('signup');
    const me = (await again.get('/api/auth/me')).body;
    expect(me.id).not.toBe(userId);
    expect(me.googleId).toBe(account.sub);
  });
});

describe('the rules of every sign-in', () => {
  it('counts wrong passwords on the link step as failed sign-ins of the account: the sixth from one address waits (429)', async () => {
    const member = newMember();
    expect((await new Client(t.url).post('/api/auth/signup', member)).status).toBe(201);
    const account = googleAccount({ email: member.email });
    const client = new Client(t.url);
    const { location } = await signInWithGoogle(client, account);
    const token = new URL(location, PUBLIC_URL).searchParams.get('link-google')!;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await client.post('/api/auth/google/link', { token, password: `wrong ${attempt}` })).status).toBe(401);
    }
    const blocked = await client.post('/api/auth/google/link', { token, password: member.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('too_many_attempts');
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });
});
