import { sql, type Kysely, type Migration } from 'kysely';
import { NO_PASSWORD, userDecider, userStreams, type UserCommand } from '../../domain/identity/user';
import type { UserActor } from '../../domain/shared/actor';
import { DomainError } from '../../domain/shared/domain-error';
import { commandContext, type RequestOrigin } from '../event-sourcing/command-context';
import { handleCommand, type CommandInput } from '../event-sourcing/command-handler';
import type { Database } from '../ports/database';
import type { AllPosition, EventStore } from '../ports/event-store';
import { OpenIdRefused, type OpenIdChecks, type OpenIdIdentity, type OpenIdProvider } from '../ports/openid-provider';
import type { Clock, IdGenerator, PasswordHasher } from '../ports/system';
import { emailClaims } from './email-claims';
import { AccountDisabled, InvalidCredentials, TooManyAttempts } from './identity-service';
import { digestToken, newToken, openSession } from './sessions';
import { clearAccountFailures, releaseSignInAttempt, reserveSignInAttempt } from './sign-in-throttle';
import { signInDevices } from './sign-in-devices';
import { reserveSignUp, SignUpLimitReached } from './sign-up-limit';
import type { UserReads, UserRow } from './user-reads';

/** The system actor of every Google step taken before the member has a session: the activity reads it as "You". */
export const GOOGLE_SIGN_IN = 'google-sign-in';

/** How long the provider may take to send the browser back, and a link offer waits for the password. */
export const GOOGLE_REQUEST_LIFETIME_MS = 10 * 60_000;
export const GOOGLE_LINK_OFFER_LIFETIME_MS = 15 * 60_000;

/** The callback did not hold up: no or another browser's state, used or expired, or the provider's answer refused. */
export const GoogleSignInFailed = () => new DomainError('google_sign_in_failed', 'invalid');
/** Google has not verified that the member holds the address: no account is opened or linked with it. */
export const GoogleEmailUnverified = () => new DomainError('google_email_unverified', 'invalid');
/** The Google account signs in to another Skilly account already. */
export const GoogleAccountInUse = () => new DomainError('google_account_in_use', 'conflict');
/** GOOGLE_CLIENT_ID is not set: the routes answer 404 before asking. */
export const GoogleSignInNotSetUp = () => new DomainError('google_not_set_up', 'not_found');
/** A link offer that is unknown, used or expired. */
export const InvalidGoogleLink = () => new DomainError('invalid_google_link', 'invalid');

export interface GoogleSignInDeps {
  db: Kysely<Database>;
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  hasher: PasswordHasher;
  users: UserReads & { byGoogleId(googleId: string): Promise<UserRow | undefined> };
  /** The provider (Google), or null when GOOGLE_CLIENT_ID is not set: every step then answers 404. */
  provider: OpenIdProvider | null;
  signUpsPerAddressPerHour: number;
}

/** What a Google callback came to. */
export type GoogleCallbackOutcome =
  /** A returning member, signed in. */
  | { kind: 'signed-in'; user: UserRow; token: string; redirect: string | null }
  /** A new account, opened: the route starts its credits and its session once the read models have it. */
  | { kind: 'registered'; userId: string; position: AllPosition; redirect: string | null }
  /** An existing password account has the address: linked only once the member proves its password (`linkWithPassword`). */
  | { kind: 'link-offered'; offer: string; redirect: string | null }
  /** A signed-in member linked Google from their profile. */
  | { kind: 'linked'; position: AllPosition | null };

/**
 * "Continue with Google" (issue 52): the authorization-code flow with PKCE, `state` and `nonce`
 * (the checks kept here, one row per sign-in begun, used once; the state also in the browser's
 * cookie, so a callback forged into another browser fails), the ID token verified by the
 * provider adapter, and only a verified email accepted. A first sign-in opens the account; a
 * returning one signs in; an address a password account already has is linked only after its
 * password (never silently), or from the member's profile while signed in.
 */
export function createGoogleSignIn(deps: GoogleSignInDeps) {
  const { db, eventStore, ids, clock, hasher, users } = deps;
  const claims = emailClaims({ eventStore, ids });
  const devices = signInDevices({ eventStore, ids, clock });

  function provider(): OpenIdProvider {
    if (!deps.provider) throw GoogleSignInNotSetUp();
    return deps.provider;
  }

  function runUserCommand(userId: string, origin: RequestOrigin, command: CommandInput<UserCommand>) {
    return handleCommand({ eventStore, ids }, userDecider, userStreams.name(userId), () => command, commandContext(clock, origin, GOOGLE_SIGN_IN));
  }

  async function signInAs(user: UserRow, googleId: string, from: { ip: string; userAgent: string | undefined }, origin: RequestOrigin): Promise<{ user: UserRow; token: string }> {
    const { ip } = from;
    // The rules of every sign-in: a blocked address or account waits, a disabled account is refused.
    const reservation = await reserveSignInAttempt(db, user.email, ip, clock.now());
    if (!reservation.allowed) throw TooManyAttempts(reservation.retryAfterMs);
    await releaseSignInAttempt(db, user.email, ip);
    if (user.disabled) throw AccountDisabled();
    await runUserCommand(user.id, { ...origin, actor: null }, { type: 'RecordGoogleSignIn', data: { googleId } });
    await devices.record(user, from.userAgent, origin);
    return { user, token: await openSession(db, user, clock.now()) };
  }

  async function register(identity: OpenIdIdentity, ip: string, origin: RequestOrigin): Promise<{ userId: string; position: AllPosition }> {
    const reservation = await reserveSignUp(db, ip, clock.now(), deps.signUpsPerAddressPerHour);
    if (!reservation.allowed) throw SignUpLimitReached(deps.signUpsPerAddressPerHour, reservation.retryAfterMs);
    const userId = ids.next();
    const ctx = commandContext(clock, { ...origin, actor: null }, GOOGLE_SIGN_IN);
    await claims.claim(identity.email, userId, ctx);
    const firstName = identity.givenName || identity.email.split('@')[0];
    const outcome = await handleCommand(
      { eventStore, ids },
      userDecider,
      userStreams.name(userId),
      () => ({
        type: 'RegisterWithGoogle' as const,
        data: { userId, firstName, lastName: identity.familyName, email: identity.email, googleId: identity.subject, role: 'free' as const },
      }),
      ctx,
    );
    return { userId, position: outcome.position! };
  }

  /** Links Google to a signed-in member's account (from their profile). */
  async function linkFromProfile(memberId: string, identity: OpenIdIdentity, origin: RequestOrigin): Promise<GoogleCallbackOutcome> {
    const member = await users.byId(memberId);
    if (!member || member.disabled) throw GoogleSignInFailed();
    const holder = await users.byGoogleId(identity.subject);
    if (holder && holder.id !== memberId) throw GoogleAccountInUse();
    const actor: UserActor = { kind: 'user', userId: member.id, role: member.role };
    const outcome = await runUserCommand(memberId, { ...origin, actor }, { type: 'LinkGoogleAccount', data: { googleId: identity.subject, email: identity.email } });
    return { kind: 'linked', position: outcome.position };
  }

  return {
    /** Whether Google sign-in is configured (GOOGLE_CLIENT_ID): the button shows only then. */
    enabled: deps.provider !== null,

    /**
     * Begins a sign-in (or, with `memberId`, a signed-in member's link from their profile): the
     * checks are kept, and the browser is sent to the provider's URL with `state` in its cookie.
     */
    async start(input: { memberId: string | null; redirect: string | null }): Promise<{ url: URL; state: string }> {
      const checks: OpenIdChecks = { state: newToken(), nonce: newToken(), codeVerifier: newToken() };
      const url = await provider()
        .authorizationUrl(checks)
        .catch((error: unknown) => {
          if (error instanceof OpenIdRefused) throw new DomainError('google_unavailable', 'unavailable');
          throw error;
        });
      const now = clock.now();
      await db
        .insertInto('google_sign_in_requests')
        .values({
          state_hash: digestToken(checks.state),
          nonce: checks.nonce,
          code_verifier: checks.codeVerifier,
          user_id: input.memberId,
          redirect: input.redirect,
          created_at: now,
          expires_at: new Date(now.getTime() + GOOGLE_REQUEST_LIFETIME_MS),
          used_at: null,
        })
        .execute();
      return { url, state: checks.state };
    },

    /**
     * The provider sent the browser back. `browserState` is the state the browser's cookie holds:
     * it must be the callback's, and the sign-in it names unused and recent; it is used up here,
     * so a replayed callback (the same code again) fails before the provider is asked.
     */
    async finish(
      input: { callbackUrl: URL; browserState: string | undefined; ip: string; userAgent: string | undefined },
      origin: RequestOrigin,
    ): Promise<GoogleCallbackOutcome> {
      const idp = provider();
      const state = input.callbackUrl.searchParams.get('state');
      if (!state || !input.browserState || state !== input.browserState) throw GoogleSignInFailed();
      const now = clock.now();
      const request = await db
        .updateTable('google_sign_in_requests')
        .set({ used_at: now })
        .where('state_hash', '=', digestToken(state))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['nonce', 'code_verifier', 'user_id', 'redirect'])
        .executeTakeFirst();
      if (!request) throw GoogleSignInFailed();
      const identity = await idp.identityFrom(input.callbackUrl, { state, nonce: request.nonce, codeVerifier: request.code_verifier }).catch((error: unknown) => {
        if (error instanceof OpenIdRefused) throw GoogleSignInFailed();
        throw error;
      });
      if (!identity.emailVerified || identity.email === '') throw GoogleEmailUnverified();
      if (request.user_id) return linkFromProfile(request.user_id, identity, origin);

      const linked = await users.byGoogleId(identity.subject);
      if (linked) return { kind: 'signed-in', ...(await signInAs(linked, identity.subject, input, origin)), redirect: request.redirect };

      const holder = await users.byEmail(identity.email);
      if (holder) {
        if (holder.disabled) throw AccountDisabled();
        const offer = newToken();
        await db
          .insertInto('google_link_offers')
          .values({
            token_hash: digestToken(offer),
            user_id: holder.id,
            google_id: identity.subject,
            email: identity.email,
            redirect: request.redirect,
            created_at: now,
            expires_at: new Date(now.getTime() + GOOGLE_LINK_OFFER_LIFETIME_MS),
            used_at: null,
          })
          .execute();
        return { kind: 'link-offered', offer, redirect: request.redirect };
      }
      return { kind: 'registered', ...(await register(identity, input.ip, origin)), redirect: request.redirect };
    },

    /**
     * The member proves the password of the account Google's address matched: the Google account
     * is linked to it and they are signed in. A wrong password counts as a failed sign-in and
     * keeps the offer; a right one uses it up.
     */
    async linkWithPassword(input: { offer: string; password: string; ip: string; userAgent: string | undefined }, origin: RequestOrigin): Promise<{ user: UserRow; token: string; redirect: string | null }> {
      provider();
      const now = clock.now();
      const offer = await db
        .selectFrom('google_link_offers')
        .selectAll()
        .where('token_hash', '=', digestToken(input.offer))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!offer) throw InvalidGoogleLink();
      const user = await users.byId(offer.user_id);
      if (!user) throw InvalidGoogleLink();
      const reservation = await reserveSignInAttempt(db, user.email, input.ip, now);
      if (!reservation.allowed) throw TooManyAttempts(reservation.retryAfterMs);
      if (reservation.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, reservation.waitMs));
      const valid = user.password_hash !== NO_PASSWORD && (await hasher.verify(user.password_hash, input.password));
      if (!valid) throw InvalidCredentials();
      await releaseSignInAttempt(db, user.email, input.ip);
      if (user.disabled) throw AccountDisabled();
      const used = await db
        .updateTable('google_link_offers')
        .set({ used_at: now })
        .where('token_hash', '=', offer.token_hash)
        .where('used_at', 'is', null)
        .returning('user_id')
        .executeTakeFirst();
      if (!used) throw InvalidGoogleLink();
      const holder = await users.byGoogleId(offer.google_id);
      if (holder && holder.id !== user.id) throw GoogleAccountInUse();
      const system = { ...origin, actor: null };
      await runUserCommand(user.id, system, { type: 'LinkGoogleAccount', data: { googleId: offer.google_id, email: offer.email } });
      await runUserCommand(user.id, system, { type: 'RecordGoogleSignIn', data: { googleId: offer.google_id } });
      await devices.record(user, input.userAgent, origin);
      // Proving the password and the mailbox's Google account lifts the account's sign-in block, as a reset does.
      await clearAccountFailures(db, user.email);
      // The account as it is now, Google linked (the users read model follows the user stream inline).
      const linked = (await users.byId(user.id)) ?? user;
      return { user: linked, token: await openSession(db, linked, clock.now()), redirect: offer.redirect };
    },
  };
}

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;

/** The two tables of the Google sign-in (google-sign-in-tables.ts). */
export const googleSignInMigration: Migration = {
  async up(db) {
    await sql`
      create table google_sign_in_requests (
        state_hash text primary key,
        nonce text not null,
        code_verifier text not null,
        user_id text,
        redirect text,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      )`.execute(db);
    await sql`create index google_sign_in_requests_user on google_sign_in_requests (user_id) where user_id is not null`.execute(db);
    await sql`
      create table google_link_offers (
        token_hash text primary key,
        user_id text not null,
        google_id text not null,
        email text not null,
        redirect text,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      )`.execute(db);
    await sql`create index google_link_offers_user on google_link_offers (user_id)`.execute(db);
  },
};
