import { createIdentityService } from '../../application/identity/identity-service';
import { findUserByEmail, findUserById } from '../../projections/users/users-projection';
import type { Platform } from './platform';

/** Identity: accounts, sign-in, sessions, password resets. */
export function identityContext(platform: Platform) {
  const { database, eventStore, ids, clock, hasher, mailer, config } = platform;
  return {
    identity: createIdentityService({
      db: database.db,
      eventStore,
      ids,
      clock,
      hasher,
      mailer,
      publicUrl: config.PUBLIC_URL,
      users: { byId: (id) => findUserById(database.db, id), byEmail: (email) => findUserByEmail(database.db, email) },
    }),
  };
}
