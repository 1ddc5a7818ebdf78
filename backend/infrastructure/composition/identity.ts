import { createIdentityService } from '../../application/identity/identity-service';
import { createProfileService } from '../../application/identity/profile-service';
import { findUserByEmail, findUserById } from '../../projections/users/users-projection';
import type { Platform } from './platform';

/** Identity: accounts, sign-in, sessions, password resets and changes; the member's profile and picture. */
export function identityContext(platform: Platform) {
  const { database, eventStore, ids, clock, hasher, mailer, config, files, logger, pictures } = platform;
  const users = { byId: (id: string) => findUserById(database.db, id), byEmail: (email: string) => findUserByEmail(database.db, email) };
  return {
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
