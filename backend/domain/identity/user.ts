import type { Actor, Role } from '../shared/actor';
import type { CommandMetadata, Decider } from '../shared/decider';
import { DomainError, NotAllowed, ReasonRequired, assertNever } from '../shared/domain-error';
import { defineStream } from '../shared/stream';

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
export type UserRoleChanged = { type: 'UserRoleChanged'; data: { from: Role; to: Role; reason: string } };
export type UserDisabled = { type: 'UserDisabled'; data: { reason: string } };
export type UserEnabled = { type: 'UserEnabled'; data: Record<string, never> };
export type UserDeleted = { type: 'UserDeleted'; data: Record<string, never> };

export type UserEvent =
  | UserRegistered
  | UserProfileUpdated
  | UserPasswordChanged
  | UserRoleChanged
  | UserDisabled
  | UserEnabled
  | UserDeleted;

// ── Commands ──────────────────────────────────────────────────────────────────
export type RegisterUser = {
  type: 'RegisterUser';
  data: { userId: string; firstName: string; lastName: string; email: string; passwordHash: string; role: Role };
  metadata: CommandMetadata;
};
export type UpdateProfile = {
  type: 'UpdateProfile';
  data: { firstName: string; lastName: string; email: string; country: string | null; profilePicture: string | null };
  metadata: CommandMetadata;
};
/** The application has checked the current password (or the reset token) before asking. */
export type ChangePassword = {
  type: 'ChangePassword';
  data: { passwordHash: string; via: 'change' | 'reset' };
  metadata: CommandMetadata;
};
export type ChangeRole = { type: 'ChangeRole'; data: { role: Role; reason: string }; metadata: CommandMetadata };
export type DisableUser = { type: 'DisableUser'; data: { reason: string }; metadata: CommandMetadata };
export type EnableUser = { type: 'EnableUser'; data: Record<string, never>; metadata: CommandMetadata };
export type DeleteUser = { type: 'DeleteUser'; data: Record<string, never>; metadata: CommandMetadata };

export type UserCommand = RegisterUser | UpdateProfile | ChangePassword | ChangeRole | DisableUser | EnableUser | DeleteUser;

// ── State ─────────────────────────────────────────────────────────────────────
export type UserState =
  | { status: 'unregistered' }
  | {
      status: 'active' | 'disabled';
      userId: string;
      email: string;
      role: Role;
      passwordHash: string;
    }
  | { status: 'deleted'; userId: string };

export const initialUserState: UserState = { status: 'unregistered' };

// ── Errors ────────────────────────────────────────────────────────────────────
export const UserNotFound = () => new DomainError('user_not_found', 'not_found');
export const UserAlreadyRegistered = () => new DomainError('user_exists', 'conflict');
export const CannotChangeOwnRole = () => new DomainError('own_role', 'forbidden');
export const CannotDisableSelf = () => new DomainError('own_account', 'forbidden');

const isAdminOrSystem = (actor: Actor) => actor.kind === 'system' || actor.role === 'admin';
const isSelf = (actor: Actor, userId: string) => actor.kind === 'user' && actor.userId === userId;

// ── Decide ────────────────────────────────────────────────────────────────────
export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  const { actor } = command.metadata;
  if (command.type === 'RegisterUser') {
    if (state.status !== 'unregistered') throw UserAlreadyRegistered();
    // Accounts are opened by the system (signup, admin bootstrap) or an admin, never by a member.
    if (!isAdminOrSystem(actor)) throw NotAllowed();
    return [{ type: 'UserRegistered', data: { ...command.data } }];
  }
  if (state.status === 'unregistered' || state.status === 'deleted') throw UserNotFound();

  switch (command.type) {
    case 'UpdateProfile':
      if (!isSelf(actor, state.userId) && !isAdminOrSystem(actor)) throw NotAllowed();
      return [{ type: 'UserProfileUpdated', data: { ...command.data } }];
    case 'ChangePassword':
      if (!isSelf(actor, state.userId) && actor.kind !== 'system') throw NotAllowed();
      return [{ type: 'UserPasswordChanged', data: { ...command.data } }];
    case 'ChangeRole': {
      if (!isAdminOrSystem(actor)) throw NotAllowed('change_role');
      if (isSelf(actor, state.userId)) throw CannotChangeOwnRole();
      const reason = command.data.reason.trim();
      if (reason === '') throw ReasonRequired();
      if (command.data.role === state.role) return [];
      return [{ type: 'UserRoleChanged', data: { from: state.role, to: command.data.role, reason } }];
    }
    case 'DisableUser': {
      if (!isAdminOrSystem(actor)) throw NotAllowed('disable_user');
      if (isSelf(actor, state.userId)) throw CannotDisableSelf();
      const reason = command.data.reason.trim();
      if (reason === '') throw ReasonRequired();
      if (state.status === 'disabled') return [];
      return [{ type: 'UserDisabled', data: { reason } }];
    }
    case 'EnableUser':
      if (!isAdminOrSystem(actor)) throw NotAllowed('enable_user');
      if (state.status === 'active') return [];
      return [{ type: 'UserEnabled', data: {} }];
    case 'DeleteUser':
      if (!isSelf(actor, state.userId) && !isAdminOrSystem(actor)) throw NotAllowed();
      return [{ type: 'UserDeleted', data: {} }];
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
      };
    case 'UserDeleted':
      return state.status === 'unregistered' ? state : { status: 'deleted', userId: state.userId };
    default:
      if (state.status !== 'active' && state.status !== 'disabled') return state;
  }
  switch (event.type) {
    case 'UserProfileUpdated':
      return { ...state, email: event.data.email };
    case 'UserPasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'UserRoleChanged':
      return { ...state, role: event.data.to };
    case 'UserDisabled':
      return { ...state, status: 'disabled' };
    case 'UserEnabled':
      return { ...state, status: 'active' };
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
  },
};
