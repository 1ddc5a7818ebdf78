import { isAdminOrSystem, isMemberRole, type Actor, type Role } from '../shared/actor';
import type { Command, Decider } from '../shared/decider';
import { DomainError, NotAllowed, ReasonRequired, assertNever } from '../shared/domain-error';
import { defineStream } from '../shared/stream';
import { normaliseEmail } from './email-claim';

/** `user-{userId}`. */
export const userStreams = defineStream('user');

// ── Events ────────────────────────────────────────────────────────────────────
export type UserRegistered = {
  type: 'UserRegistered';
  data: { userId: string; firstName: string; lastName: string; email: string; passwordHash: string; role: Role };
};
export type UserProfileUpdated = {
  type: 'UserProfileUpdated';
  data: { firstName: string; lastName: string; email: string; country: string | null; profilePicture: string | null };
};
export type UserPasswordChanged = { type: 'UserPasswordChanged'; data: { passwordHash: string; via: 'change' | 'reset' } };
/** `subscriptionId`: the subscription whose start or end made billing change the role (absent otherwise). */
export type UserRoleChanged = { type: 'UserRoleChanged'; data: { from: Role; to: Role; reason: string; subscriptionId?: string } };
export type UserDisabled = { type: 'UserDisabled'; data: { reason: string } };
export type UserEnabled = { type: 'UserEnabled'; data: Record<string, never> };
export type UserDeleted = { type: 'UserDeleted'; data: Record<string, never> };
/** An admin deleted the member's idea sets and plans and gave back this period's credits (those are recorded on their own streams). */
export type UserDataReset = { type: 'UserDataReset'; data: { reason: string; deletedIdeas: number; deletedPlans: number } };
/** An admin undid a reset of the member's data (issue 53): the idea sets and plans it deleted are back (restored on their own streams). */
export type UserDataRestored = { type: 'UserDataRestored'; data: { reason: string; restoredIdeas: number; restoredPlans: number } };
/** The holder of `email` opened the confirmation link mailed to it: emails to it may carry what the member typed. */
export type EmailAddressConfirmed = { type: 'EmailAddressConfirmed'; data: { email: string } };
/**
 * The previous holder of the account's address opened the notice of its change: the account is
 * at `email` again (confirmed by that click) and every session opened before is ended.
 */
export type UserEmailRestored = { type: 'UserEmailRestored'; data: { email: string } };
/**
 * The Google account `googleId` (the ID token's `sub`) signs in to this account from now on;
 * `email` is the verified address Google gave for it then.
 */
export type GoogleAccountLinked = { type: 'GoogleAccountLinked'; data: { googleId: string; email: string } };
/** The member signed in with the linked Google account (each such sign-in, the first included). */
export type SignedInWithGoogle = { type: 'SignedInWithGoogle'; data: { googleId: string } };
/**
 * A sign-in from a device (browser and system, as "Chrome on Windows") the account had not signed
 * in from before; `firstDevice`: the account's very first one (its sign-up), which is no news.
 */
export type SignedInFromNewDevice = { type: 'SignedInFromNewDevice'; data: { device: string; firstDevice: boolean } };
/** The member ended every session of the account, the one they asked from included. */
export type SignedOutEverywhere = { type: 'SignedOutEverywhere'; data: Record<string, never> };

export type UserEvent =
  | UserRegistered
  | UserProfileUpdated
  | UserPasswordChanged
  | UserRoleChanged
  | UserDisabled
  | UserEnabled
  | UserDeleted
  | UserDataReset
  | UserDataRestored
  | EmailAddressConfirmed
  | UserEmailRestored
  | GoogleAccountLinked
  | SignedInWithGoogle
  | SignedInFromNewDevice
  | SignedOutEverywhere;

/** Every event of an account's stream: the read models that follow accounts name them from here. */
export const userEventTypes = [
  'UserRegistered',
  'UserProfileUpdated',
  'UserPasswordChanged',
  'UserRoleChanged',
  'UserDisabled',
  'UserEnabled',
  'UserDeleted',
  'UserDataReset',
  'UserDataRestored',
  'EmailAddressConfirmed',
  'UserEmailRestored',
  'GoogleAccountLinked',
  'SignedInWithGoogle',
  'SignedInFromNewDevice',
  'SignedOutEverywhere',
] as const satisfies readonly UserEvent['type'][];

// ── Commands ──────────────────────────────────────────────────────────────────
export type RegisterUser = Command<'RegisterUser', { userId: string; firstName: string; lastName: string; email: string; passwordHash: string; role: Role }>;
export type UpdateProfile = Command<'UpdateProfile', { firstName: string; lastName: string; email: string; country: string | null; profilePicture: string | null }>;
/** The application has checked the current password (or the reset token) before asking. */
export type ChangePassword = Command<'ChangePassword', { passwordHash: string; via: 'change' | 'reset' }>;
export type ChangeRole = Command<'ChangeRole', { role: Role; reason: string; subscriptionId?: string }>;
export type DisableUser = Command<'DisableUser', { reason: string }>;
export type EnableUser = Command<'EnableUser', Record<string, never>>;
export type DeleteUser = Command<'DeleteUser', Record<string, never>>;
/** Recorded after the member's content was deleted: the counts say what went. */
export type RecordDataReset = Command<'RecordDataReset', UserDataReset['data']>;
export type RecordDataRestored = Command<'RecordDataRestored', UserDataRestored['data']>;

/** The system, on a confirmation link that came back from `email`. */
export type ConfirmEmailAddress = Command<'ConfirmEmailAddress', { email: string }>;
/** The system, on a change notice's link that came back from the account's previous `email`. */
export type RestoreEmail = Command<'RestoreEmail', { email: string }>;
/**
 * The system, on a first Google sign-in whose verified email no account has: the account, with no
 * password of its own, its address confirmed by Google, and the sign-in itself.
 */
export type RegisterWithGoogle = Command<'RegisterWithGoogle', { userId: string; firstName: string; lastName: string; email: string; googleId: string; role: Role }>;
/**
 * The member (or the system) links a Google account: the application has checked the member's
 * password, or the member started it signed in from their profile.
 */
export type LinkGoogleAccount = Command<'LinkGoogleAccount', { googleId: string; email: string }>;
/** The system, after the provider vouched for `googleId` (the application checked the ID token). */
export type RecordGoogleSignIn = Command<'RecordGoogleSignIn', { googleId: string }>;
/** The member signed in (any way) from `device`; the application checked who they are. */
export type RecordSignIn = Command<'RecordSignIn', { device: string }>;
/** The member ends every session of their account. */
export type SignOutEverywhere = Command<'SignOutEverywhere', Record<string, never>>;

export type UserCommand =
  | RegisterUser
  | UpdateProfile
  | ChangePassword
  | ChangeRole
  | DisableUser
  | EnableUser
  | DeleteUser
  | RecordDataReset
  | RecordDataRestored
  | ConfirmEmailAddress
  | RestoreEmail
  | RegisterWithGoogle
  | LinkGoogleAccount
  | RecordGoogleSignIn
  | RecordSignIn
  | SignOutEverywhere;

// ── State ─────────────────────────────────────────────────────────────────────
export type UserState =
  | { status: 'unregistered' }
  | {
      status: 'active' | 'disabled';
      userId: string;
      email: string;
      role: Role;
      passwordHash: string;
      firstName: string;
      lastName: string;
      country: string | null;
      profilePicture: string | null;
      /** The normalised address whose holder last confirmed it (null: none yet). */
      confirmedEmail: string | null;
      /** The linked Google account's `sub` (null: none). */
      googleId: string | null;
      /** The devices the account signed in from, most recent last (at most `KNOWN_DEVICES`). */
      knownDevices: readonly string[];
    }
  | { status: 'deleted'; userId: string };

export const initialUserState: UserState = { status: 'unregistered' };

// ── Errors ────────────────────────────────────────────────────────────────────
export const UserNotFound = () => new DomainError('user_not_found', 'not_found');
export const UserAlreadyRegistered = () => new DomainError('user_exists', 'conflict');
export const CannotChangeOwnRole = () => new DomainError('own_role', 'forbidden');
export const CannotDisableSelf = () => new DomainError('own_account', 'forbidden');
export const CannotResetOwnData = () => new DomainError('own_data', 'forbidden');
/** A confirmation link for an address the account no longer has. */
export const EmailLinkOutdated = () => new DomainError('email_link_outdated', 'invalid');
/** The account already signs in with another Google account. */
export const OtherGoogleAccountLinked = () => new DomainError('other_google_account', 'conflict');
/** A Google sign-in for an account that Google account is not linked to. */
export const GoogleAccountNotLinked = () => new DomainError('google_account_not_linked', 'invalid');

// ── Decide ────────────────────────────────────────────────────────────────────
/** An account that exists (active or disabled). */
export type Account = Extract<UserState, { status: 'active' | 'disabled' }>;

const isSelf = (actor: Actor, userId: string) => actor.kind === 'user' && actor.userId === userId;

/** Every command but registration needs an account that exists and is not deleted. */
function existing(state: UserState): Account {
  if (state.status === 'unregistered' || state.status === 'deleted') throw UserNotFound();
  return state;
}

/** The member on their own account, an admin or the system. */
function requireSelfOrAdmin(actor: Actor, account: Account) {
  if (!isSelf(actor, account.userId) && !isAdminOrSystem(actor)) throw NotAllowed();
}

/** An admin on another account, or the system; `action` words the refusal. */
function requireAdminOnOther(actor: Actor, account: Account, action: 'change_role' | 'disable_user' | 'reset_user_data', ownError: () => Error) {
  if (!isAdminOrSystem(actor)) throw NotAllowed(action);
  if (isSelf(actor, account.userId)) throw ownError();
}

function requiredReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed === '') throw ReasonRequired();
  return trimmed;
}

/** Accounts are opened by the system (signup, admin bootstrap) or an admin, never by a member. */
function register(command: RegisterUser, state: UserState): UserEvent[] {
  if (state.status !== 'unregistered') throw UserAlreadyRegistered();
  if (!isAdminOrSystem(command.metadata.actor)) throw NotAllowed();
  return [{ type: 'UserRegistered', data: { ...command.data } }];
}

/** The profile fields `UserProfileUpdated` carries, as the account holds them now. */
export function profileOf(account: Account): UpdateProfile['data'] {
  const { firstName, lastName, email, country, profilePicture } = account;
  return { firstName, lastName, email, country, profilePicture };
}

const sameProfile = (a: UpdateProfile['data'], b: UpdateProfile['data']) =>
  a.firstName === b.firstName && a.lastName === b.lastName && a.email === b.email && a.country === b.country && a.profilePicture === b.profilePicture;

/** Saving the profile as it already is writes nothing. */
function updateProfile(command: UpdateProfile, state: UserState): UserEvent[] {
  const account = existing(state);
  requireSelfOrAdmin(command.metadata.actor, account);
  if (sameProfile(profileOf(account), command.data)) return [];
  return [{ type: 'UserProfileUpdated', data: { ...command.data } }];
}

/** The member, or the system (a reset, the admin bootstrap); not an admin on someone else's account. */
function changePassword(command: ChangePassword, state: UserState): UserEvent[] {
  const { actor } = command.metadata;
  if (!isSelf(actor, existing(state).userId) && actor.kind !== 'system') throw NotAllowed();
  return [{ type: 'UserPasswordChanged', data: { ...command.data } }];
}

/** The system actor of the billing policy: it moves members between free and pro, never staff. */
export const BILLING_SYSTEM = 'billing';

function changeRole(command: ChangeRole, state: UserState): UserEvent[] {
  const account = existing(state);
  const { actor } = command.metadata;
  requireAdminOnOther(actor, account, 'change_role', CannotChangeOwnRole);
  if (actor.kind === 'system' && actor.name === BILLING_SYSTEM && !(isMemberRole(account.role) && isMemberRole(command.data.role))) {
    throw NotAllowed('billing_staff_role');
  }
  const reason = requiredReason(command.data.reason);
  if (command.data.role === account.role) return [];
  const { subscriptionId } = command.data;
  return [{ type: 'UserRoleChanged', data: { from: account.role, to: command.data.role, reason, ...(subscriptionId === undefined ? {} : { subscriptionId }) } }];
}

function disable(command: DisableUser, state: UserState): UserEvent[] {
  const account = existing(state);
  requireAdminOnOther(command.metadata.actor, account, 'disable_user', CannotDisableSelf);
  const reason = requiredReason(command.data.reason);
  if (account.status === 'disabled') return [];
  return [{ type: 'UserDisabled', data: { reason } }];
}

function enable(command: EnableUser, state: UserState): UserEvent[] {
  const account = existing(state);
  if (!isAdminOrSystem(command.metadata.actor)) throw NotAllowed('enable_user');
  if (account.status === 'active') return [];
  return [{ type: 'UserEnabled', data: {} }];
}

function deleteUser(command: DeleteUser, state: UserState): UserEvent[] {
  requireSelfOrAdmin(command.metadata.actor, existing(state));
  return [{ type: 'UserDeleted', data: {} }];
}

/**
 * The account whose data `actor` may reset: an admin on another existing account, or the system.
 * The application asks this before deleting anything; the decider asks it again.
 */
export function accountToReset(state: UserState, actor: Actor): Account {
  const account = existing(state);
  requireAdminOnOther(actor, account, 'reset_user_data', CannotResetOwnData);
  return account;
}

/** An admin on another member's account (or the system) records the reset, with why. */
function recordDataReset(command: RecordDataReset, state: UserState): UserEvent[] {
  accountToReset(state, command.metadata.actor);
  const reason = requiredReason(command.data.reason);
  return [{ type: 'UserDataReset', data: { ...command.data, reason } }];
}

/** An admin on another member's account (or the system) records the undo of a reset, with why. */
function recordDataRestored(command: RecordDataRestored, state: UserState): UserEvent[] {
  accountToReset(state, command.metadata.actor);
  const reason = requiredReason(command.data.reason);
  return [{ type: 'UserDataRestored', data: { ...command.data, reason } }];
}

/** Whether mail to the account's current address may carry what the member typed. */
export const emailConfirmed = (account: Account) => account.confirmedEmail === normaliseEmail(account.email);

function confirmEmailAddress(command: ConfirmEmailAddress, state: UserState): UserEvent[] {
  const account = existing(state);
  if (command.metadata.actor.kind !== 'system') throw NotAllowed();
  if (normaliseEmail(command.data.email) !== normaliseEmail(account.email)) throw EmailLinkOutdated();
  if (emailConfirmed(account)) return [];
  return [{ type: 'EmailAddressConfirmed', data: { email: account.email } }];
}

/** Always recorded, even when the address is already back: the click also ends every session. */
function restoreEmail(command: RestoreEmail, state: UserState): UserEvent[] {
  existing(state);
  if (command.metadata.actor.kind !== 'system') throw NotAllowed();
  return [{ type: 'UserEmailRestored', data: { email: command.data.email.trim() } }];
}

/** Google has verified the address: the account is opened with it confirmed, and signed in. */
function registerWithGoogle(command: RegisterWithGoogle, state: UserState): UserEvent[] {
  if (state.status !== 'unregistered') throw UserAlreadyRegistered();
  if (command.metadata.actor.kind !== 'system') throw NotAllowed();
  const { userId, firstName, lastName, email, googleId, role } = command.data;
  return [
    { type: 'UserRegistered', data: { userId, firstName, lastName, email, passwordHash: NO_PASSWORD, role } },
    { type: 'EmailAddressConfirmed', data: { email } },
    { type: 'GoogleAccountLinked', data: { googleId, email } },
    { type: 'SignedInWithGoogle', data: { googleId } },
  ];
}

/** Linking the Google account already linked writes nothing; another one is refused (one per account). */
function linkGoogleAccount(command: LinkGoogleAccount, state: UserState): UserEvent[] {
  const account = existing(state);
  const { actor } = command.metadata;
  if (!isSelf(actor, account.userId) && actor.kind !== 'system') throw NotAllowed();
  if (account.googleId === command.data.googleId) return [];
  if (account.googleId !== null) throw OtherGoogleAccountLinked();
  return [{ type: 'GoogleAccountLinked', data: { ...command.data } }];
}

function recordGoogleSignIn(command: RecordGoogleSignIn, state: UserState): UserEvent[] {
  const account = existing(state);
  if (command.metadata.actor.kind !== 'system') throw NotAllowed();
  if (account.googleId !== command.data.googleId) throw GoogleAccountNotLinked();
  return [{ type: 'SignedInWithGoogle', data: { googleId: command.data.googleId } }];
}

/** The password hash of an account that has none (opened with Google): no password verifies against it. */
export const NO_PASSWORD = '';

/** How many devices an account remembers: one not among them is new. */
export const KNOWN_DEVICES = 20;

/** A sign-in from a device the account knows writes nothing; another is news (but the first one ever). */
function recordSignIn(command: RecordSignIn, state: UserState): UserEvent[] {
  const account = existing(state);
  const { actor } = command.metadata;
  if (!isSelf(actor, account.userId) && actor.kind !== 'system') throw NotAllowed();
  const device = command.data.device.trim();
  if (device === '' || account.knownDevices.includes(device)) return [];
  return [{ type: 'SignedInFromNewDevice', data: { device, firstDevice: account.knownDevices.length === 0 } }];
}

/** The member, on their own account (or the system): always recorded, as it ends sessions opened since the last one. */
function signOutEverywhere(command: SignOutEverywhere, state: UserState): UserEvent[] {
  const account = existing(state);
  const { actor } = command.metadata;
  if (!isSelf(actor, account.userId) && actor.kind !== 'system') throw NotAllowed();
  return [{ type: 'SignedOutEverywhere', data: {} }];
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return register(command, state);
    case 'UpdateProfile':
      return updateProfile(command, state);
    case 'ChangePassword':
      return changePassword(command, state);
    case 'ChangeRole':
      return changeRole(command, state);
    case 'DisableUser':
      return disable(command, state);
    case 'EnableUser':
      return enable(command, state);
    case 'DeleteUser':
      return deleteUser(command, state);
    case 'RecordDataReset':
      return recordDataReset(command, state);
    case 'RecordDataRestored':
      return recordDataRestored(command, state);
    case 'ConfirmEmailAddress':
      return confirmEmailAddress(command, state);
    case 'RestoreEmail':
      return restoreEmail(command, state);
    case 'RegisterWithGoogle':
      return registerWithGoogle(command, state);
    case 'LinkGoogleAccount':
      return linkGoogleAccount(command, state);
    case 'RecordGoogleSignIn':
      return recordGoogleSignIn(command, state);
    case 'RecordSignIn':
      return recordSignIn(command, state);
    case 'SignOutEverywhere':
      return signOutEverywhere(command, state);
    default:
      return assertNever(command);
  }
}

// ── Evolve ────────────────────────────────────────────────────────────────────
export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        status: 'active',
        userId: event.data.userId,
        email: event.data.email,
        role: event.data.role,
        passwordHash: event.data.passwordHash,
        firstName: event.data.firstName,
        lastName: event.data.lastName,
        country: null,
        profilePicture: null,
        confirmedEmail: null,
        googleId: null,
        knownDevices: [],
      };
    case 'UserDeleted':
      return state.status === 'unregistered' ? state : { status: 'deleted', userId: state.userId };
    default:
      if (state.status !== 'active' && state.status !== 'disabled') return state;
  }
  switch (event.type) {
    case 'UserProfileUpdated': {
      const { firstName, lastName, email, country, profilePicture } = event.data;
      return { ...state, firstName, lastName, email, country, profilePicture };
    }
    case 'UserPasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'UserRoleChanged':
      return { ...state, role: event.data.to };
    case 'UserDisabled':
      return { ...state, status: 'disabled' };
    case 'UserEnabled':
      return { ...state, status: 'active' };
    case 'UserDataReset':
    case 'UserDataRestored':
      return state;
    case 'EmailAddressConfirmed':
      return { ...state, confirmedEmail: normaliseEmail(event.data.email) };
    case 'UserEmailRestored':
      return { ...state, email: event.data.email, confirmedEmail: normaliseEmail(event.data.email) };
    case 'GoogleAccountLinked':
      return { ...state, googleId: event.data.googleId };
    case 'SignedInWithGoogle':
    case 'SignedOutEverywhere':
      return state;
    case 'SignedInFromNewDevice':
      return { ...state, knownDevices: [...state.knownDevices.filter((device) => device !== event.data.device), event.data.device].slice(-KNOWN_DEVICES) };
    default:
      return assertNever(event);
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  decide: decideUser,
  evolve: evolveUser,
  schemaVersions: {
    UserRegistered: 1,
    UserProfileUpdated: 1,
    UserPasswordChanged: 1,
    UserRoleChanged: 1,
    UserDisabled: 1,
    UserEnabled: 1,
    UserDeleted: 1,
    UserDataReset: 1,
    UserDataRestored: 1,
    EmailAddressConfirmed: 1,
    UserEmailRestored: 1,
    GoogleAccountLinked: 1,
    SignedInWithGoogle: 1,
    SignedInFromNewDevice: 1,
    SignedOutEverywhere: 1,
  },
};
