import type { Kysely } from 'kysely';
import { EmailLinkOutdated, NO_PASSWORD, UserNotFound, userDecider, userStreams, type UserCommand } from '../../domain/identity/user';
import { sameAddress } from './email-claims';
import { issueEmailLink, useEmailLink } from './email-links';
import { reserveSignUp, SignUpLimitReached } from './sign-up-limit';
import { foldStream } from '../event-sourcing/command-handler';
import type { Role, UserActor } from '../../domain/shared/actor';
import { DomainError } from '../../domain/shared/domain-error';
import type { Database } from '../ports/database';
import type { UserReads, UserRow } from './user-reads';
import { handleCommand, type CommandInput } from '../event-sourcing/command-handler';
import { commandContext, type RequestOrigin } from '../event-sourcing/command-context';
import type { AllPosition, EventStore } from '../ports/event-store';
import type { Clock, IdGenerator, Mailer, PasswordHasher } from '../ports/system';
import { digestToken, newToken, openSession } from './sessions';
import { reservePasswordResetEmail } from './auth-attempts';
import { clearAccountFailures, releaseSignInAttempt, reserveSignInAttempt } from './sign-in-throttle';
import { emailClaims } from './email-claims';
import { signInDevices } from './sign-in-devices';

/** Where a sign-in came from: its device is recorded on the account (sign-in-devices.ts). */
export interface SignInOrigin {
  userAgent: string | undefined;
  requestId: string;
}

export interface IdentityDeps {
  db: Kysely<Database>;
  eventStore: EventStore;
  ids: IdGenerator;
  clock: Clock;
  hasher: PasswordHasher;
  mailer: Mailer;
  /** Accounts as the users read model holds them. */
  users: UserReads;
  /** The site's public address (PUBLIC_URL): every link in an email starts with it. */
  publicUrl: string;
  /** Where a welcome email that could not be queued is reported (the account exists either way). */
  log: { error(obj: object, msg: string): void };
  /** SIGNUPS_PER_ADDRESS_PER_HOUR: sign-ups one network address may make in an hour; 0 switches the limit off. */
  signUpsPerAddressPerHour: number;
}

export type { RequestOrigin } from '../event-sourcing/command-context';

export const InvalidCredentials = () => new DomainError('invalid_credentials', 'unauthorized');
export const AccountDisabled = () => new DomainError('account_disabled', 'forbidden');
export const TooManyAttempts = (retryAfterMs: number) => new DomainError('too_many_attempts', 'limit', { retryAfterMs });
export const InvalidResetToken = () => new DomainError('invalid_reset_token', 'invalid');
export const InvalidCurrentPassword = () => new DomainError('invalid_current_password', 'invalid');
/** An account that signs in with Google has no password of its own to change. */
export const NoPasswordToChange = () => new DomainError('no_password_to_change', 'invalid');

/** A confirmation or restore link that is unknown, used or expired. */
export const InvalidEmailLink = () => new DomainError('invalid_email_link', 'invalid');

export const RESET_TOKEN_LIFETIME_MS = 60 * 60_000;

export function createIdentityService(deps: IdentityDeps) {
  const { db, eventStore, ids, clock, hasher, mailer, publicUrl, users } = deps;
  const claims = emailClaims({ eventStore, ids });
  const devices = signInDevices({ eventStore, ids, clock });
  let dummy: Promise<string> | undefined;

  /** Runs `command` on the account, as the origin's actor or else the system named `systemName`. */
  function runUserCommand(userId: string, origin: RequestOrigin, systemName: string, command: CommandInput<UserCommand>) {
    return handleCommand({ eventStore, ids }, userDecider, userStreams.name(userId), () => command, commandContext(clock, origin, systemName));
  }

  /** Claims the address, then registers the account under it. Returns where its events landed. */
  async function register(
    input: { firstName: string; lastName: string; email: string; password: string; role: Role },
    origin: RequestOrigin,
    reason: string,
  ): Promise<{ userId: string; position: AllPosition }> {
    const userId = ids.next();
    const email = input.email.trim();
    const passwordHash = await hasher.hash(input.password);
    // Accounts are opened by the system, named by why (signup, admin bootstrap), whoever asked.
    const ctx = commandContext(clock, { ...origin, actor: null }, reason);
    await claims.claim(email, userId, ctx);
    const registerUser = {
      type: 'RegisterUser' as const,
      data: { userId, firstName: input.firstName.trim(), lastName: input.lastName.trim(), email, passwordHash, role: input.role },
    };
    const outcome = await handleCommand({ eventStore, ids }, userDecider, userStreams.name(userId), () => registerUser, ctx);
    return { userId, position: outcome.position! };
  }

  return {
    /**
     * Every signup is a free member, whatever the request asked for. Each one from `ip`'s network
     * counts towards SIGNUPS_PER_ADDRESS_PER_HOUR (sign-up-limit.ts), refused or not. The welcome
     * email asks the holder of the address to confirm it, and carries nothing the visitor typed.
     */
    async signUp(input: { firstName: string; lastName: string; email: string; password: string; ip: string }, origin: RequestOrigin) {
      const reservation = await reserveSignUp(db, input.ip, clock.now(), deps.signUpsPerAddressPerHour);
      if (!reservation.allowed) throw SignUpLimitReached(deps.signUpsPerAddressPerHour, reservation.retryAfterMs);
      const registered = await register({ ...input, role: 'free' }, origin, 'signup');
      const email = input.email.trim();
      // The account exists from here: a welcome email that cannot be queued is logged, never a failed sign-up.
      await issueEmailLink(db, 'confirm', registered.userId, email, clock.now())
        .then((token) =>
          mailer.send({ to: email, recipientId: registered.userId, template: 'welcome', variables: { confirmLink: `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`, appUrl: publicUrl } }),
        )
        .catch((error: unknown) => deps.log.error({ err: error, userId: registered.userId }, 'could not queue the welcome email'));
      return registered;
    },

    /** The welcome email's link came back: the holder of the address has it (`EmailAddressConfirmed`). */
    async confirmEmail(token: string, origin: RequestOrigin): Promise<AllPosition | null> {
      const link = await useEmailLink(db, 'confirm', token, clock.now());
      if (!link) throw InvalidEmailLink();
      const outcome = await runUserCommand(link.userId, { ...origin, actor: null }, 'email-confirmation', {
        type: 'ConfirmEmailAddress',
        data: { email: link.email },
      }).catch((error: unknown) => {
        // The account is gone, or moved to another address since the link was sent.
        if (error instanceof DomainError && (error.code === 'user_not_found' || error.code === EmailLinkOutdated().code)) throw InvalidEmailLink();
        throw error;
      });
      return outcome.position;
    },

    /**
     * The notice of an email change came back from the previous address within 7 days: that
     * address is claimed again and put back on the account (`UserEmailRestored`, which ends every
     * session), the address it had is released, and every reset or confirmation link still out
     * (perhaps to whoever changed it) ends. `email_taken` when another account has the address now.
     */
    async restoreEmail(token: string, origin: RequestOrigin): Promise<AllPosition | null> {
      const now = clock.now();
      const pending = await db
        .selectFrom('email_link_tokens')
        .select(['user_id', 'email'])
        .where('token_hash', '=', digestToken(token))
        .where('purpose', '=', 'restore')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!pending) throw InvalidEmailLink();
      const userId = pending.user_id;
      const state = foldStream(userDecider, await eventStore.readStream(userStreams.name(userId)));
      if (state.status !== 'active' && state.status !== 'disabled') throw InvalidEmailLink();
      const ctx = commandContext(clock, { ...origin, actor: null }, 'email-restore');
      const moved = !sameAddress(state.email, pending.email);
      const claimed = moved && (await claims.claim(pending.email, userId, ctx));
      const link = await useEmailLink(db, 'restore', token, now);
      if (!link) {
        if (claimed) await claims.release(pending.email, userId, ctx);
        throw InvalidEmailLink();
      }
      const outcome = await handleCommand(
        { eventStore, ids },
        userDecider,
        userStreams.name(userId),
        () => ({ type: 'RestoreEmail' as const, data: { email: link.email } }),
        ctx,
      );
      if (moved) {
        await claims.release(state.email, userId, ctx).catch((error: unknown) =>
          deps.log.error({ err: error, userId }, 'could not release the address the account was moved to'),
        );
      }
      await endResetTokens(userId, now);
      await db.updateTable('email_link_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
      return outcome.position;
    },

    async signIn(input: { email: string; password: string; ip: string }, from?: SignInOrigin): Promise<{ user: UserRow; token: string }> {
      // The attempt is counted before the password is checked (see sign-in-throttle.ts).
      const reservation = await reserveSignInAttempt(db, input.email, input.ip, clock.now());
      if (!reservation.allowed) throw TooManyAttempts(reservation.retryAfterMs);
      if (reservation.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, reservation.waitMs));
      const user = await users.byEmail(input.email);
      // Hash even when there is no account, so timing does not reveal which emails exist.
      // An account opened with Google has no password (NO_PASSWORD): none verifies, as with no account.
      const valid = user && user.password_hash !== NO_PASSWORD
        ? await hasher.verify(user.password_hash, input.password)
        : (await hasher.verify(await dummyHash(), input.password), false);
      if (!user || !valid) throw InvalidCredentials();
      await releaseSignInAttempt(db, input.email, input.ip);
      if (user.disabled) throw AccountDisabled();
      if (from) await devices.record(user, from.userAgent, from);
      return { user, token: await openSession(db, user, clock.now()) };
    },

    /**
     * Signs in an account that was just created (its read model has caught up), or keeps a member
     * signed in after their password change. `from`: a sign-in's device, to record on the account.
     */
    async startSession(userId: string, from?: SignInOrigin): Promise<{ user: UserRow; token: string }> {
      const user = await users.byId(userId);
      if (!user) throw new Error(`account ${userId} is not in the read model`);
      if (from) await devices.record(user, from.userAgent, from);
      return { user, token: await openSession(db, user, clock.now()) };
    },

    /**
     * "Sign out everywhere": every session of the account ends, the one asking included
     * (`SignedOutEverywhere`, which the session-revocation projection applies).
     */
    async signOutEverywhere(member: UserActor, origin: RequestOrigin): Promise<AllPosition | null> {
      const outcome = await runUserCommand(member.userId, { ...origin, actor: member }, 'sign-out-everywhere', { type: 'SignOutEverywhere', data: {} });
      return outcome.position;
    },

    /**
     * Always answers the same way, so the form does not reveal which emails have accounts;
     * beyond the per-email and per-address limits (auth-attempts.ts) nothing is sent.
     */
    async requestPasswordReset(email: string, ip: string): Promise<void> {
      const now = clock.now();
      if (!(await reservePasswordResetEmail(db, email, ip, now))) return;
      const user = await users.byEmail(email);
      if (!user || user.disabled) return;
      const token = newToken();
      const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await db
        .insertInto('password_reset_tokens')
        .values({
          token_hash: digestToken(token),
          user_id: user.id,
          created_at: now,
          expires_at: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS),
          used_at: null,
        })
        .execute();
      // An account opened with Google has no password: its email says how to sign in, and the link sets a first one.
      const template = user.password_hash === NO_PASSWORD ? 'google-sign-in-help' : 'password-reset';
      await mailer.send({ to: user.email, recipientId: user.id, template, variables: { firstName: user.first_name, resetLink: link, appUrl: publicUrl } });
    },

    async resetPassword(token: string, password: string, origin: RequestOrigin): Promise<AllPosition | null> {
      const now = clock.now();
      const used = await db
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', digestToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      if (!used) throw InvalidResetToken();
      await endResetTokens(used.user_id, now);
      const passwordHash = await hasher.hash(password);
      const outcome = await runUserCommand(used.user_id, { ...origin, actor: null }, 'password-reset', {
        type: 'ChangePassword',
        data: { passwordHash, via: 'reset' },
      });
      // Proving control of the mailbox lifts the account's sign-in block.
      const user = await users.byId(used.user_id);
      if (user) await clearAccountFailures(db, user.email);
      return outcome.position;
    },

    /**
     * The member's new password, given the current one. A wrong current password counts as a
     * failed sign-in of the account from that address (sign-in-throttle.ts), so a stolen session
     * cannot try passwords faster than the sign-in form. The change ends every session opened
     * before it (the session-revocation projection) and every reset link still out.
     */
    async changePassword(
      member: UserActor,
      input: { currentPassword: string; newPassword: string; ip: string },
      origin: RequestOrigin,
    ): Promise<AllPosition | null> {
      const user = await users.byId(member.userId);
      if (!user) throw UserNotFound();
      if (user.google_id) throw NoPasswordToChange();
      const reservation = await reserveSignInAttempt(db, user.email, input.ip, clock.now());
      if (!reservation.allowed) throw TooManyAttempts(reservation.retryAfterMs);
      if (reservation.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, reservation.waitMs));
      if (!(await hasher.verify(user.password_hash, input.currentPassword))) throw InvalidCurrentPassword();
      await releaseSignInAttempt(db, user.email, input.ip);
      const passwordHash = await hasher.hash(input.newPassword);
      const outcome = await runUserCommand(member.userId, { ...origin, actor: member }, 'password-change', {
        type: 'ChangePassword',
        data: { passwordHash, via: 'change' },
      });
      await endResetTokens(member.userId, clock.now());
      return outcome.position;
    },

    changeRole(userId: string, role: Role, reason: string, origin: RequestOrigin) {
      return runUserCommand(userId, origin, 'role-change', { type: 'ChangeRole', data: { role, reason } });
    },

    disable(userId: string, reason: string, origin: RequestOrigin) {
      return runUserCommand(userId, origin, 'disable', { type: 'DisableUser', data: { reason } });
    },

    enable(userId: string, origin: RequestOrigin) {
      return runUserCommand(userId, origin, 'enable', { type: 'EnableUser', data: {} });
    },

    /**
     * Creates the admin, or makes the existing account with that email an admin with that
     * password. Used by the start-up bootstrap and `cli create-admin`.
     */
    async ensureAdmin(email: string, password: string, origin: RequestOrigin): Promise<{ userId: string; created: boolean }> {
      const existing = await users.byEmail(email);
      if (!existing) {
        const { userId } = await register({ firstName: 'Admin', lastName: 'User', email, password, role: 'admin' }, origin, 'admin-bootstrap');
        return { userId, created: true };
      }
      const system = { ...origin, actor: null };
      if (existing.role !== 'admin') {
        await runUserCommand(existing.id, system, 'admin-bootstrap', {
          type: 'ChangeRole',
          data: { role: 'admin', reason: 'Named as the administrator in the configuration' },
        });
      }
      if (existing.disabled) {
        await runUserCommand(existing.id, system, 'admin-bootstrap', { type: 'EnableUser', data: {} });
      }
      if (!(await hasher.verify(existing.password_hash, password))) {
        const passwordHash = await hasher.hash(password);
        await runUserCommand(existing.id, system, 'admin-bootstrap', { type: 'ChangePassword', data: { passwordHash, via: 'reset' } });
        await endResetTokens(existing.id, clock.now());
      }
      return { userId: existing.id, created: false };
    },

    async hasAnyUser(): Promise<boolean> {
      return Boolean(await db.selectFrom('users').select('id').limit(1).executeTakeFirst());
    },
  };

  /** A new password ends every reset link still out for the account. */
  async function endResetTokens(userId: string, now: Date) {
    await db
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  async function dummyHash() {
    dummy ??= hasher.hash('not-a-real-password');
    return dummy;
  }
}

export type IdentityService = ReturnType<typeof createIdentityService>;
