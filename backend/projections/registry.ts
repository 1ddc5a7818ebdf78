import type { Projection } from './runner/projection';
import { sessionRevocationProjection } from './sessions/session-revocation-projection';
import { usersProjection } from './users/users-projection';

/** Every projection the product runs, by name. */
export const allProjections: readonly Projection[] = [usersProjection, sessionRevocationProjection];
