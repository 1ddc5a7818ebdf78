import { defineReadModel } from '../runner/read-model';
import { sessionRevocationProjection } from './session-revocation-projection';

/** No table of its own: it revokes rows of the application's `sessions` table. */
export const sessionRevocationReadModel = defineReadModel({ projection: sessionRevocationProjection });
