import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/support/decider-spec';
import { systemActor, type Actor, type Role } from '../shared/actor';
import {
  emailConfirmed,
  KNOWN_DEVICES,
  NO_PASSWORD,
  type RecordSignIn,
  type SignedInFromNewDevice,
  type SignOutEverywhere,
  type GoogleAccountLinked,
  type LinkGoogleAccount,
  type RecordGoogleSignIn,
  type RegisterWithGoogle,
  userDecider,
  userStreams,
  type Account,
  type ConfirmEmailAddress,
  type EmailAddressConfirmed,
  type RestoreEmail,
  type UserEmailRestored,
  type UserEvent,
  type ChangePassword,
  type ChangeRole,
  type DeleteUser,
  type DisableUser,
  type EnableUser,
  type RecordDataReset,
  type RegisterUser,
  type UpdateProfile,
  type UserDataReset,
  type UserDeleted,
  type UserDisabled,
  type UserEnabled,
  type UserPasswordChanged,
  type UserProfileUpdated,
  type UserRegistered,
  type UserRoleChanged,
} from './user';

const spec = deciderSpec(userDecider);
const now = new Date('2026-03-01T10:00:00Z');

// ── Actors ────────────────────────────────────────────────────────────────────
const memberId = 'user-ada';
const member = (role: Role = 'free'): Actor => ({ kind: 'user', userId: memberId, role });
const someoneElse = (role: Role): Actor => ({ kind: 'user', userId: 'user-grace', role });
const admin: Actor = { kind: 'user', userId: 'user-admin', role: 'admin' };
const system = systemActor('signup');

// ── Events ────────────────────────────────────────────────────────────────────
const registered = (role: Role = 'free'): UserRegistered => ({
  type: 'UserRegistered',
  data: {
    userId: memberId,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    passwordHash: 'hash-1',
    role,
  },
});
const profileUpdated: UserProfileUpdated = {
  type: 'UserProfileUpdated',
  data: {
    firstName: 'Ada',
    lastName: 'King',
    email: 'ada.king@example.com',
    country: 'GB',
    profilePicture: 'files/ada.png',
  },
};
const passwordChanged = (via: 'change' | 'reset' = 'change'): UserPasswordChanged => ({
  type: 'UserPasswordChanged',
  data: { passwordHash: 'hash-2', via },
});
const roleChanged = (from: Role, to: Role, reason = 'Paid subscription'): UserRoleChanged => ({
  type: 'UserRoleChanged',
  data: { from, to, reason },
});
const disabled = (reason = 'Spam'): UserDisabled => ({ type: 'UserDisabled', data: { reason } });
const enabled: UserEnabled = { type: 'UserEnabled', data: {} };
const deleted: UserDeleted = { type: 'UserDeleted', data: {} };

// ── Commands ──────────────────────────────────────────────────────────────────
const registerUser = (actor: Actor, role: Role = 'free'): RegisterUser => ({
  type: 'RegisterUser',
  data: { ...registered(role).data },
  metadata: { actor, now },
});
const updateProfile = (actor: Actor): UpdateProfile => ({
  type: 'UpdateProfile',
  data: { ...profileUpdated.data },
  metadata: { actor, now },
});
const changePassword = (actor: Actor, via: 'change' | 'reset' = 'change'): ChangePassword => ({
  type: 'ChangePassword',
  data: { passwordHash: 'hash-2', via },
  metadata: { actor, now },
});
const changeRole = (actor: Actor, role: Role, reason = 'Paid subscription'): ChangeRole => ({
  type: 'ChangeRole',
  data: { role, reason },
  metadata: { actor, now },
});
const disableUser = (actor: Actor, reason = 'Spam'): DisableUser => ({
  type: 'DisableUser',
  data: { reason },
  metadata: { actor, now },
});
const enableUser = (actor: Actor): EnableUser => ({ type: 'EnableUser', data: {}, metadata: { actor, now } });
const deleteUser = (actor: Actor): DeleteUser => ({ type: 'DeleteUser', data: {}, metadata: { actor, now } });

const nonAdminRoles: Role[] = ['free', 'pro', 'moderator'];

describe('user stream name', () => {
  it('is "user-" followed by the user id', () => {
    expect(userStreams.name('42')).toBe('user-42');
  });
});

describe('RegisterUser', () => {
  it('registers a free member when the system signs someone up', () => {
    spec.given([]).when(registerUser(system)).then([registered('free')]);
  });

  it('lets the system register an account with any role (admin bootstrap)', () => {
    spec.given([]).when(registerUser(system, 'admin')).then([registered('admin')]);
  });

  it('lets an admin register an account with a non-free role', () => {
    spec.given([]).when(registerUser(admin, 'moderator')).then([registered('moderator')]);
  });

  it.each(nonAdminRoles)('forbids a %s member from registering a non-free account', (role) => {
    spec.given([]).when(registerUser(someoneElse(role), 'pro')).thenThrows('forbidden', { kind: 'forbidden', data: {} });
    spec.given([]).when(registerUser(someoneElse(role), 'admin')).thenThrows('forbidden');
  });

  it.each(nonAdminRoles)('forbids a %s member from opening any account, even a free one', (role) => {
    spec.given([]).when(registerUser(someoneElse(role), 'free')).thenThrows('forbidden');
  });

  it('refuses to register an account that already exists', () => {
    spec.given([registered()]).when(registerUser(system)).thenThrows('user_exists', { kind: 'conflict' });
  });

  it('refuses to register over a disabled account', () => {
    spec.given([registered(), disabled()]).when(registerUser(system)).thenThrows('user_exists', { kind: 'conflict' });
  });

  it('refuses to register over a deleted account: a user id is never reused', () => {
    spec.given([registered(), deleted]).when(registerUser(system)).thenThrows('user_exists', { kind: 'conflict' });
  });

  it('checks existence before permission', () => {
    spec.given([registered()]).when(registerUser(someoneElse('free'), 'admin')).thenThrows('user_exists');
  });
});

describe('commands on an account that does not exist', () => {
  const commandsByAdmin = [
    updateProfile(admin),
    changePassword(system),
    changeRole(admin, 'pro'),
    disableUser(admin),
    enableUser(admin),
    deleteUser(admin),
  ];

  it.each(commandsByAdmin.map((c) => [c.type, c] as const))('%s on an unregistered user is user_not_found', (_, command) => {
    spec.given([]).when(command).thenThrows('user_not_found', { kind: 'not_found' });
  });

  it.each(commandsByAdmin.map((c) => [c.type, c] as const))('%s on a deleted user is user_not_found', (_, command) => {
    spec.given([registered(), deleted]).when(command).thenThrows('user_not_found');
  });

  it('a deleted member acting on their own account gets user_not_found, not a second deletion', () => {
    spec.given([registered(), deleted]).when(deleteUser(member())).thenThrows('user_not_found');
    spec.given([registered(), deleted]).when(updateProfile(member())).thenThrows('user_not_found');
  });
});

describe('UpdateProfile', () => {
  it('lets members update their own profile', () => {
    spec.given([registered()]).when(updateProfile(member())).then([profileUpdated]);
  });

  it("lets an admin update someone else's profile", () => {
    spec.given([registered()]).when(updateProfile(admin)).then([profileUpdated]);
  });

  it('lets the system update a profile', () => {
    spec.given([registered()]).when(updateProfile(system)).then([profileUpdated]);
  });

  it.each(nonAdminRoles)("forbids a %s member from updating someone else's profile", (role) => {
    spec.given([registered()]).when(updateProfile(someoneElse(role))).thenThrows('forbidden', { kind: 'forbidden', data: {} });
  });

  it('lets a disabled member still update their own profile (the decider does not look at status)', () => {
    spec.given([registered(), disabled()]).when(updateProfile(member())).then([profileUpdated]);
  });

  it('writes nothing when the profile is saved as it already is', () => {
    spec.given([registered(), profileUpdated]).when(updateProfile(member())).thenNothingHappens();
    const asRegistered = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', country: null, profilePicture: null };
    spec.given([registered()]).when({ ...updateProfile(member()), data: asRegistered }).thenNothingHappens();
  });

  it.each([
    ['first name', { firstName: 'Augusta' }],
    ['last name', { lastName: 'Byron' }],
    ['email, even only its case', { email: 'Ada.King@example.com' }],
    ['country', { country: null }],
    ['picture', { profilePicture: null }],
  ])('writes the whole profile when only the %s changed', (_, change) => {
    const data = { ...profileUpdated.data, ...change };
    spec.given([registered(), profileUpdated]).when({ ...updateProfile(member()), data }).then([{ type: 'UserProfileUpdated', data }]);
  });

  it('still refuses another member an unchanged profile: permission comes first', () => {
    spec.given([registered(), profileUpdated]).when(updateProfile(someoneElse('free'))).thenThrows('forbidden');
  });
});

describe('ChangePassword', () => {
  it('lets members change their own password', () => {
    spec.given([registered()]).when(changePassword(member())).then([passwordChanged('change')]);
  });

  it('lets the system set a password through a reset', () => {
    spec.given([registered()]).when(changePassword(system, 'reset')).then([passwordChanged('reset')]);
  });

  it.each(nonAdminRoles)("forbids a %s member from changing someone else's password", (role) => {
    spec.given([registered()]).when(changePassword(someoneElse(role))).thenThrows('forbidden');
  });

  it("forbids even an admin from changing someone else's password", () => {
    spec.given([registered()]).when(changePassword(admin)).thenThrows('forbidden');
  });

  it('lets a disabled account change its password (e.g. a reset)', () => {
    spec.given([registered(), disabled()]).when(changePassword(system, 'reset')).then([passwordChanged('reset')]);
  });
});

describe('ChangeRole', () => {
  it('records the old role, the new role and the reason', () => {
    spec.given([registered('free')]).when(changeRole(admin, 'pro')).then([roleChanged('free', 'pro')]);
  });

  it("names no subscription in a change that billing did not cause", () => {
    const [event] = userDecider.decide(changeRole(admin, 'pro'), [registered('free')].reduce(userDecider.evolve, userDecider.initialState));
    expect(event.data).not.toHaveProperty('subscriptionId');
  });

  it('lets the admin bootstrap (a system actor other than billing) make an existing account admin', () => {
    const bootstrap = systemActor('admin-bootstrap');
    spec.given([registered('free')]).when(changeRole(bootstrap, 'admin', 'Named as the administrator')).then([roleChanged('free', 'admin', 'Named as the administrator')]);
  });

  it('lets the system change a role (e.g. a paid subscription policy)', () => {
    spec.given([registered('free')]).when(changeRole(system, 'pro')).then([roleChanged('free', 'pro')]);
  });

  it('lets billing move a member between free and pro, naming the subscription that caused it', () => {
    const billing = systemActor('billing');
    const upgrade: ChangeRole = { type: 'ChangeRole', data: { role: 'pro', reason: 'subscription_active', subscriptionId: 'sub_1' }, metadata: { actor: billing, now } };
    spec.given([registered('free')]).when(upgrade).then([
      { type: 'UserRoleChanged', data: { from: 'free', to: 'pro', reason: 'subscription_active', subscriptionId: 'sub_1' } },
    ]);
    const downgrade: ChangeRole = { ...upgrade, data: { role: 'free', reason: 'subscription_ended', subscriptionId: 'sub_1' } };
    spec.given([registered('pro')]).when(downgrade).then([
      { type: 'UserRoleChanged', data: { from: 'pro', to: 'free', reason: 'subscription_ended', subscriptionId: 'sub_1' } },
    ]);
    spec.given([registered('pro')]).when(upgrade).thenNothingHappens();
  });

  it.each(['admin', 'moderator'] as Role[])('never lets billing change a %s, nor make anyone staff', (role) => {
    const billing = systemActor('billing');
    spec.given([registered(role)]).when(changeRole(billing, 'free')).thenThrows('forbidden', { data: { action: 'billing_staff_role' } });
    spec.given([registered('free')]).when(changeRole(billing, role)).thenThrows('forbidden', { data: { action: 'billing_staff_role' } });
  });

  it('takes the "from" role from the latest role change', () => {
    spec
      .given([registered('free'), roleChanged('free', 'pro')])
      .when(changeRole(admin, 'moderator', 'Joins support'))
      .then([roleChanged('pro', 'moderator', 'Joins support')]);
  });

  it('trims the reason', () => {
    spec
      .given([registered('free')])
      .when(changeRole(admin, 'pro', '  Paid subscription  '))
      .then([roleChanged('free', 'pro', 'Paid subscription')]);
  });

  it.each(nonAdminRoles)("forbids a %s member from changing someone else's role", (role) => {
    spec.given([registered()]).when(changeRole(someoneElse(role), 'pro')).thenThrows('forbidden', { data: { action: 'change_role' } });
  });

  it.each(nonAdminRoles)('forbids a %s member from changing their own role (permission is checked first)', (role) => {
    spec.given([registered(role)]).when(changeRole(member(role), 'admin')).thenThrows('forbidden');
  });

  it('forbids an admin from changing their own role', () => {
    const self: Actor = { kind: 'user', userId: memberId, role: 'admin' };
    spec.given([registered('admin')]).when(changeRole(self, 'free')).thenThrows('own_role', { kind: 'forbidden' });
  });

  it('requires a reason', () => {
    spec.given([registered()]).when(changeRole(admin, 'pro', '')).thenThrows('reason_required', { kind: 'invalid' });
  });

  it('does not accept a reason made only of spaces', () => {
    spec.given([registered()]).when(changeRole(admin, 'pro', '   ')).thenThrows('reason_required');
  });

  it('asks for a reason even when the role would not change', () => {
    spec.given([registered('pro')]).when(changeRole(admin, 'pro', ' ')).thenThrows('reason_required');
  });

  it('does nothing when the member already has that role', () => {
    spec.given([registered('pro')]).when(changeRole(admin, 'pro')).thenNothingHappens();
    spec.given([registered('free'), roleChanged('free', 'pro')]).when(changeRole(admin, 'pro')).thenNothingHappens();
  });

  it('changes the role of a disabled account', () => {
    spec.given([registered('free'), disabled()]).when(changeRole(admin, 'pro')).then([roleChanged('free', 'pro')]);
  });
});

describe('DisableUser', () => {
  it('lets an admin disable an account, with the trimmed reason', () => {
    spec.given([registered()]).when(disableUser(admin, '  Spam  ')).then([disabled('Spam')]);
  });

  it('lets the system disable an account', () => {
    spec.given([registered()]).when(disableUser(system)).then([disabled()]);
  });

  it.each(nonAdminRoles)('forbids a %s member from disabling an account', (role) => {
    spec.given([registered()]).when(disableUser(someoneElse(role))).thenThrows('forbidden', { data: { action: 'disable_user' } });
  });

  it('forbids a non-admin from disabling their own account (permission is checked first)', () => {
    spec.given([registered()]).when(disableUser(member())).thenThrows('forbidden');
  });

  it('forbids an admin from disabling their own account', () => {
    const self: Actor = { kind: 'user', userId: memberId, role: 'admin' };
    spec.given([registered('admin')]).when(disableUser(self)).thenThrows('own_account', { kind: 'forbidden' });
  });

  it('requires a reason', () => {
    spec.given([registered()]).when(disableUser(admin, '')).thenThrows('reason_required');
    spec.given([registered()]).when(disableUser(admin, ' \t ')).thenThrows('reason_required');
  });

  it('does nothing when the account is already disabled', () => {
    spec.given([registered(), disabled()]).when(disableUser(admin, 'Again')).thenNothingHappens();
  });

  it('disables again after a re-enable', () => {
    spec.given([registered(), disabled(), enabled]).when(disableUser(admin, 'Again')).then([disabled('Again')]);
  });
});

describe('EnableUser', () => {
  it('lets an admin enable a disabled account', () => {
    spec.given([registered(), disabled()]).when(enableUser(admin)).then([enabled]);
  });

  it('lets the system enable a disabled account', () => {
    spec.given([registered(), disabled()]).when(enableUser(system)).then([enabled]);
  });

  it.each(nonAdminRoles)('forbids a %s member from enabling an account', (role) => {
    spec.given([registered(), disabled()]).when(enableUser(someoneElse(role))).thenThrows('forbidden', { data: { action: 'enable_user' } });
  });

  it('forbids a disabled member from enabling their own account', () => {
    spec.given([registered(), disabled()]).when(enableUser(member())).thenThrows('forbidden');
  });

  it('does nothing when the account is already active', () => {
    spec.given([registered()]).when(enableUser(admin)).thenNothingHappens();
    spec.given([registered(), disabled(), enabled]).when(enableUser(admin)).thenNothingHappens();
  });
});

describe('DeleteUser', () => {
  it('lets members delete their own account', () => {
    spec.given([registered()]).when(deleteUser(member())).then([deleted]);
  });

  it("lets an admin delete someone else's account", () => {
    spec.given([registered()]).when(deleteUser(admin)).then([deleted]);
  });

  it('lets the system delete an account', () => {
    spec.given([registered()]).when(deleteUser(system)).then([deleted]);
  });

  it('lets an admin delete their own account', () => {
    const self: Actor = { kind: 'user', userId: memberId, role: 'admin' };
    spec.given([registered('admin')]).when(deleteUser(self)).then([deleted]);
  });

  it.each(nonAdminRoles)("forbids a %s member from deleting someone else's account", (role) => {
    spec.given([registered()]).when(deleteUser(someoneElse(role))).thenThrows('forbidden', { data: {} });
  });

  it('deletes a disabled account', () => {
    spec.given([registered(), disabled()]).when(deleteUser(admin)).then([deleted]);
  });

  it('lets a disabled member delete their own account', () => {
    spec.given([registered(), disabled()]).when(deleteUser(member())).then([deleted]);
  });
});

describe('evolve: the state an account is in after its events', () => {
  it('starts unregistered', () => {
    spec.given([]).thenState({ status: 'unregistered' });
  });

  it('is active with the registered id, email, role and password after UserRegistered', () => {
    spec.given([registered('pro')]).thenState({
      status: 'active',
      userId: memberId,
      email: 'ada@example.com',
      role: 'pro',
      passwordHash: 'hash-1',
    });
  });

  it('takes the new email from UserProfileUpdated', () => {
    spec.given([registered(), profileUpdated]).thenState({ status: 'active', email: 'ada.king@example.com' });
  });

  it('holds the profile: names from UserRegistered with no country or picture, then every field of UserProfileUpdated', () => {
    spec.given([registered()]).thenState({ firstName: 'Ada', lastName: 'Lovelace', country: null, profilePicture: null });
    spec.given([registered(), profileUpdated]).thenState({ firstName: 'Ada', lastName: 'King', country: 'GB', profilePicture: 'files/ada.png' });
  });

  it('takes the new password hash from UserPasswordChanged', () => {
    spec.given([registered(), passwordChanged()]).thenState({ passwordHash: 'hash-2' });
  });

  it('takes the new role from UserRoleChanged', () => {
    spec.given([registered('free'), roleChanged('free', 'pro')]).thenState({ role: 'pro' });
    spec.given([registered('free'), roleChanged('free', 'pro'), roleChanged('pro', 'free')]).thenState({ role: 'free' });
  });

  it('is disabled after UserDisabled and keeps the rest of the account', () => {
    spec.given([registered('pro'), disabled()]).thenState({ status: 'disabled', role: 'pro', email: 'ada@example.com' });
  });

  it('is active again after UserEnabled', () => {
    spec.given([registered(), disabled(), enabled]).thenState({ status: 'active' });
  });

  it('keeps the disabled status through other changes', () => {
    spec.given([registered('free'), disabled(), roleChanged('free', 'pro'), passwordChanged()]).thenState({
      status: 'disabled',
      role: 'pro',
      passwordHash: 'hash-2',
    });
  });

  it('is deleted after UserDeleted, keeping only the user id', () => {
    spec.given([registered(), deleted]).thenState({ status: 'deleted', userId: memberId });
    spec.given([registered(), disabled(), deleted]).thenState({ status: 'deleted', userId: memberId });
  });

  it('drops the personal fields from a deleted account', () => {
    const state = [registered(), deleted].reduce(userDecider.evolve, userDecider.initialState);
    expect(state).toEqual({ status: 'deleted', userId: memberId });
  });

  it('ignores events after the deletion', () => {
    spec.given([registered(), deleted, enabled, roleChanged('free', 'admin')]).thenState({ status: 'deleted' });
  });

  it('ignores events that arrive before registration', () => {
    spec.given([roleChanged('free', 'admin'), enabled, deleted]).thenState({ status: 'unregistered' });
  });
});

describe('RecordDataReset', () => {
  const reset = (actor: Actor, reason = 'Reset by an admin'): RecordDataReset => ({
    type: 'RecordDataReset',
    data: { reason, deletedIdeas: 2, deletedPlans: 1 },
    metadata: { actor, now },
  });
  const recorded: UserDataReset = { type: 'UserDataReset', data: { reason: 'Reset by an admin', deletedIdeas: 2, deletedPlans: 1 } };

  it('records what an admin deleted of another account, with the reason trimmed', () => {
    spec.given([registered()]).when(reset(admin, '  Reset by an admin ')).then([recorded]);
    spec.given([registered('pro'), disabled()]).when(reset(system)).then([recorded]);
  });

  it("refuses the admin's own account with own_data", () => {
    const self: Actor = { kind: 'user', userId: memberId, role: 'admin' };
    spec.given([registered('admin')]).when(reset(self)).thenThrows('own_data', { kind: 'forbidden' });
  });

  it('is refused to every other role, the member included', () => {
    for (const role of nonAdminRoles) {
      spec.given([registered()]).when(reset(someoneElse(role))).thenThrows('forbidden', { data: { action: 'reset_user_data' } });
    }
    spec.given([registered()]).when(reset(member())).thenThrows('forbidden');
  });

  it('needs an account that exists and a reason', () => {
    spec.given([]).when(reset(admin)).thenThrows('user_not_found');
    spec.given([registered(), deleted]).when(reset(admin)).thenThrows('user_not_found');
    spec.given([registered()]).when(reset(admin, ' ')).thenThrows('reason_required');
  });

  it('changes nothing else about the account', () => {
    const before = [registered()].reduce(userDecider.evolve, userDecider.initialState);
    expect([registered(), recorded].reduce(userDecider.evolve, userDecider.initialState)).toEqual(before);
  });
});

describe('ConfirmEmailAddress and RestoreEmail (issue 48)', () => {
  const confirm = (actor: Actor, email = 'ada@example.com'): ConfirmEmailAddress => ({ type: 'ConfirmEmailAddress', data: { email }, metadata: { actor, now } });
  const restore = (actor: Actor, email = 'ada@example.com'): RestoreEmail => ({ type: 'RestoreEmail', data: { email }, metadata: { actor, now } });
  const confirmed: EmailAddressConfirmed = { type: 'EmailAddressConfirmed', data: { email: 'ada@example.com' } };

  it('confirms the address the link was mailed to, once, and only by the system', () => {
    spec.given([registered()]).when(confirm(systemActor('email-confirmation'), ' ADA@example.com ')).then([confirmed]);
    spec.given([registered(), confirmed]).when(confirm(systemActor('email-confirmation'))).thenNothingHappens();
    spec.given([registered()]).when(confirm(member())).thenThrows('forbidden', { kind: 'forbidden', data: {} });
  });

  it('refuses a confirmation link for an address the account no longer has', () => {
    spec.given([registered(), profileUpdated]).when(confirm(systemActor('email-confirmation'))).thenThrows('email_link_outdated', { kind: 'invalid', data: {} });
  });

  it('counts a confirmed address as unconfirmed after the email changes, and confirmed again once restored', () => {
    const state = (events: UserEvent[]) => events.reduce(userDecider.evolve, userDecider.initialState) as Account;
    expect(emailConfirmed(state([registered()]))).toBe(false);
    expect(emailConfirmed(state([registered(), confirmed]))).toBe(true);
    expect(emailConfirmed(state([registered(), confirmed, profileUpdated]))).toBe(false);
    const restored: UserEmailRestored = { type: 'UserEmailRestored', data: { email: 'ada@example.com' } };
    const back = state([registered(), profileUpdated, restored]);
    expect([back.email, emailConfirmed(back)]).toEqual(['ada@example.com', true]);
  });

  it('restores the address whenever the system asks (it also ends every session), never for a member', () => {
    spec.given([registered(), profileUpdated]).when(restore(systemActor('email-restore'))).then([{ type: 'UserEmailRestored', data: { email: 'ada@example.com' } }]);
    spec.given([registered(), profileUpdated]).when(restore(systemActor('email-restore'), ' ada@example.com ')).then([{ type: 'UserEmailRestored', data: { email: 'ada@example.com' } }]);
    spec.given([registered(), profileUpdated]).when(restore(member())).thenThrows('forbidden', { kind: 'forbidden', data: {} });
    spec.given([]).when(restore(systemActor('email-restore'))).thenThrows('user_not_found');
  });
});

describe('Google sign-in (issue 52)', () => {
  const google = systemActor('google-sign-in');
  const registerWithGoogle = (actor: Actor = google): RegisterWithGoogle => ({
    type: 'RegisterWithGoogle',
    data: { userId: memberId, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', googleId: 'g-1', role: 'free' },
    metadata: { actor, now },
  });
  const link = (actor: Actor, googleId = 'g-1'): LinkGoogleAccount => ({ type: 'LinkGoogleAccount', data: { googleId, email: 'ada@gmail.example' }, metadata: { actor, now } });
  const signIn = (actor: Actor, googleId = 'g-1'): RecordGoogleSignIn => ({ type: 'RecordGoogleSignIn', data: { googleId }, metadata: { actor, now } });
  const linked: GoogleAccountLinked = { type: 'GoogleAccountLinked', data: { googleId: 'g-1', email: 'ada@gmail.example' } };

  it('opens an account with no password, its address confirmed by Google, linked and signed in; only the system may', () => {
    spec
      .given([])
      .when(registerWithGoogle())
      .then([
        { type: 'UserRegistered', data: { userId: memberId, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', passwordHash: NO_PASSWORD, role: 'free' } },
        { type: 'EmailAddressConfirmed', data: { email: 'ada@example.com' } },
        { type: 'GoogleAccountLinked', data: { googleId: 'g-1', email: 'ada@example.com' } },
        { type: 'SignedInWithGoogle', data: { googleId: 'g-1' } },
      ]);
    spec.given([]).when(registerWithGoogle(admin)).thenThrows('forbidden');
    spec.given([registered()]).when(registerWithGoogle()).thenThrows('user_exists');
  });

  it('links a Google account for the member or the system, once; another Google account is refused', () => {
    spec.given([registered()]).when(link(member())).then([linked]);
    spec.given([registered()]).when(link(google)).then([linked]);
    spec.given([registered()]).when(link(someoneElse('free'))).thenThrows('forbidden');
    spec.given([registered()]).when(link(admin)).thenThrows('forbidden');
    spec.given([registered(), linked]).when(link(member())).thenNothingHappens();
    spec.given([registered(), linked]).when(link(member(), 'g-2')).thenThrows('other_google_account', { kind: 'conflict', data: {} });
    spec.given([]).when(link(google)).thenThrows('user_not_found');
  });

  it('records a sign-in only with the linked Google account, and only by the system', () => {
    spec.given([registered(), linked]).when(signIn(google)).then([{ type: 'SignedInWithGoogle', data: { googleId: 'g-1' } }]);
    spec.given([registered(), linked]).when(signIn(google, 'g-2')).thenThrows('google_account_not_linked', { kind: 'invalid', data: {} });
    spec.given([registered()]).when(signIn(google)).thenThrows('google_account_not_linked');
    spec.given([registered(), linked]).when(signIn(member())).thenThrows('forbidden');
  });

  it('keeps the linked Google account in the state', () => {
    const state = [registered(), linked].reduce(userDecider.evolve, userDecider.initialState) as Account;
    expect(state.googleId).toBe('g-1');
  });
});

describe('devices and sessions (issue 52)', () => {
  const signIn = (actor: Actor, device = 'Firefox on Linux'): RecordSignIn => ({ type: 'RecordSignIn', data: { device }, metadata: { actor, now } });
  const onDevice = (device: string, firstDevice = false): SignedInFromNewDevice => ({ type: 'SignedInFromNewDevice', data: { device, firstDevice } });
  const signOut = (actor: Actor): SignOutEverywhere => ({ type: 'SignOutEverywhere', data: {}, metadata: { actor, now } });

  it("records the account's first device as such, a new one as news, and a known one not at all", () => {
    spec.given([registered()]).when(signIn(member())).then([onDevice('Firefox on Linux', true)]);
    spec.given([registered(), onDevice('Safari on iOS', true)]).when(signIn(member())).then([onDevice('Firefox on Linux')]);
    spec.given([registered(), onDevice('Firefox on Linux', true)]).when(signIn(member(), ' Firefox on Linux ')).thenNothingHappens();
    spec.given([registered()]).when(signIn(someoneElse('admin'))).thenThrows('forbidden');
  });

  it('remembers the last devices only, so one not used for long is new again', () => {
    const devices = Array.from({ length: KNOWN_DEVICES + 1 }, (_, index) => onDevice(`Browser ${index} on Linux`, index === 0));
    spec.given([registered(), ...devices]).when(signIn(member(), 'Browser 0 on Linux')).then([onDevice('Browser 0 on Linux')]);
    spec.given([registered(), ...devices]).when(signIn(member(), 'Browser 1 on Linux')).thenNothingHappens();
  });

  it('signs out everywhere for the member themself (or the system), each time', () => {
    spec.given([registered()]).when(signOut(member())).then([{ type: 'SignedOutEverywhere', data: {} }]);
    spec.given([registered(), { type: 'SignedOutEverywhere', data: {} }]).when(signOut(member())).then([{ type: 'SignedOutEverywhere', data: {} }]);
    spec.given([registered()]).when(signOut(admin)).thenThrows('forbidden');
    spec.given([]).when(signOut(member())).thenThrows('user_not_found');
  });
});
