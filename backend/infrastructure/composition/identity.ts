import { createIdentityService } from '../../application/identity/identity-service';
import { createProfileService } from '../../application/identity/profile-service';
import { createGoogleSignIn } from '../../application/identity/google-sign-in';
import { findUserByEmail, findUserByGoogleId, findUserById } from '../../projections/users/users-projection';
import { openIdProvider } from '../identity/openid-sign-in';
import type { Platform } from './platform';
import { identityErasers } from '../../application/identity/identity-erasers';
import { emailClaimDecider } from '../../domain/identity/email-claim';
import { userDecider, userStreams } from '../../domain/identity/user';
import { usersReadModel } from '../../projections/users/read-model';
import { sessionRevocationReadModel } from '../../projections/sessions/read-model';
import { defineSlice } from '../slices/slice';
import { callers } from '../slices/callers';
import { googleSignInPaths } from '../../application/contracts/form-posts';

/** Identity: accounts, sign-in, sessions, password resets and changes; the member's profile and picture. */
export function identityContext(platform: Platform) {
  const { database, eventStore, ids, clock, hasher, mailer, config, files, logger, pictures } = platform;
  const users = {
    byId: (id: string) => findUserById(database.db, id),
    byEmail: (email: string) => findUserByEmail(database.db, email),
    byGoogleId: (googleId: string) => findUserByGoogleId(database.db, googleId),
  };
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? openIdProvider({
          issuer: config.GOOGLE_ISSUER,
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          // `${PUBLIC_URL}/api/auth/google/callback`: the redirect URI registered with Google.
          redirectUri: `${config.PUBLIC_URL}${googleSignInPaths.callback}`,
        })
      : null;
  return {
    googleSignIn: createGoogleSignIn({
      db: database.db,
      eventStore,
      ids,
      clock,
      hasher,
      users,
      provider: google,
      signUpsPerAddressPerHour: config.SIGNUPS_PER_ADDRESS_PER_HOUR,
    }),
    identity: createIdentityService({
      db: database.db,
      eventStore,
      ids,
      clock,
      hasher,
      mailer,
      publicUrl: config.PUBLIC_URL,
      users,
      log: logger.child({ component: 'identity' }),
      signUpsPerAddressPerHour: config.SIGNUPS_PER_ADDRESS_PER_HOUR,
    }),
    profile: createProfileService({
      eventStore,
      ids,
      clock,
      files,
      pictures,
      users,
      log: logger.child({ component: 'profile' }),
      db: database.db,
      mailer,
      publicUrl: config.PUBLIC_URL,
    }),
  };
}

/** Identity's slice: accounts and sessions, the member's profile (the `auth` and `user` routes). */
export const identitySlice = defineSlice({
  name: 'identity',
  context: (platform) => identityContext(platform),
  readModels: [usersReadModel, sessionRevocationReadModel],
  aggregates: [
    { name: 'user', decider: userDecider, history: [{ type: 'UserRegistered', data: { userId: 'u', firstName: 'A', lastName: 'B', email: 'a@b.c', passwordHash: 'h', role: 'free' } }] },
    { name: 'email claim', decider: emailClaimDecider, history: [{ type: 'EmailClaimed', data: { userId: 'u', claimedAt: '2026-03-01T00:00:00.000Z' } }] },
  ],
  // A member's account stream is named by their id.
  streamOwners: [{ eventTypes: ['UserRegistered'], ownerOf: (event) => (event.streamName.startsWith(userStreams.prefix) ? userStreams.idOf(event.streamName) : undefined) }],
  routeFolders: ['auth', 'user'],
  erasers: (platform) => identityErasers(platform.database.db),
  // Who may call each of its operations (the role matrix: tests/reliability/role-matrix.int.spec.ts).
  callers: {
    getMe: callers.signedIn,
    signIn: callers.everyone,
    signUp: callers.everyone,
    signOut: callers.everyone,
    requestPasswordReset: callers.everyone,
    resetPassword: callers.everyone,
    confirmEmail: callers.everyone,
    restoreEmail: callers.everyone,
    getAuthProviders: callers.everyone,
    startGoogleSignIn: callers.everyone,
    finishGoogleSignIn: callers.everyone,
    linkGoogleAccount: callers.everyone,
    connectGoogleAccount: callers.signedIn,
    getProfile: callers.signedIn,
    updateProfile: callers.signedIn,
    uploadProfilePicture: callers.signedIn,
    changePassword: callers.signedIn,
    // The only admin is refused by the route itself (409 last_admin): an answer of its own, not a refusal of the caller.
    deleteAccount: callers.signedIn,
    exportAccount: callers.signedIn,
    listAccountActivity: callers.signedIn,
    signOutEverywhere: callers.signedIn,
  },
});
