import type { Projection } from './runner/projection';
import { creditAccountsProjection } from './credit-accounts/credit-accounts-projection';
import { creditStatementProjection } from './credit-statement/credit-statement-projection';
import { ideaSetsProjection } from './idea-sets/idea-sets-projection';
import { sessionRevocationProjection } from './sessions/session-revocation-projection';
import { usersProjection } from './users/users-projection';
import { pendingSpendsProjection } from './pending-spends/pending-spends-projection';

/** Every projection the product runs, by name. */
export const allProjections: readonly Projection[] = [
  usersProjection,
  sessionRevocationProjection,
  creditAccountsProjection,
  creditStatementProjection,
  ideaSetsProjection,
  pendingSpendsProjection,
];
