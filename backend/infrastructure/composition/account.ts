import { createAccountErasure } from '../../application/account/account-erasure';
import { createAccountExport } from '../../application/account/account-export';
import type { BillingService } from '../../application/billing/billing-service';
import { profileOfUser } from '../../application/identity/profile-service';
import { erasureDecider } from '../../domain/identity/erasure';
import { erasedOwningStreams, streamsOwnedBy } from '../../projections/erasure/erasure-projection';
import { erasureReadModel } from '../../projections/erasure/read-model';
import { readAccountActivity } from '../../projections/account-activity/account-activity-projection';
import { accountActivityReadModel } from '../../projections/account-activity/read-model';
import { ACCOUNT_ACTIVITY_PAGE_SIZE, type AccountActivityResponse } from '../../application/contracts/account-activity';
import { countOtherAdmins, findUserById } from '../../projections/users/users-projection';
import { defineSlice, type ProductFacts } from '../slices/slice';
import type { Platform } from './platform';

/**
 * Account: deletion with verified erasure and the personal data export (issue 31). Erasure
 * deletes the member's customers at the payment provider (billing), their streams, then every
 * plain table's rows through every slice's erasers (`Slice.erasers`), one per table, each owned by
 * the module that owns the table; the read models erase their own rows when they read `MemberErased`.
 */
export function accountContext(platform: Platform, { billing }: { billing: BillingService }, product: ProductFacts) {
  const { database, eventStore, ids, clock, progress, files, logger } = platform;
  const db = database.db;
  const personalDataErasers = product.erasers;
  const accountErasure = createAccountErasure({
    eventStore,
    ids,
    clock,
    progress,
    files,
    billing,
    erasers: personalDataErasers,
    reads: {
      streamsOf: (userId) => streamsOwnedBy(db, userId),
      otherAdmins: (userId) => countOtherAdmins(db, userId),
      erasedOwningStreams: (since) => erasedOwningStreams(db, since),
    },
    log: logger.child({ component: 'erasure' }),
  });
  return {
    accountErasure,
    /** Erases what work in flight wrote after an erasure; started where the projections run. */
    erasureSweeper: accountErasure.sweeper,
    personalDataErasers,
    /** The member's own account activity, one page of it, newest first (issue 52). */
    accountActivity: {
      async page(userId: string, page: number): Promise<AccountActivityResponse> {
        return { page, ...(await readAccountActivity(db, userId, page, ACCOUNT_ACTIVITY_PAGE_SIZE)) };
      },
    },
    accountExport: createAccountExport({
      clock,
      reads: {
        async profile(userId) {
          const user = await findUserById(db, userId);
          return (
            user && {
              ...profileOfUser(user),
              id: user.id,
              role: user.role,
              createdAt: new Date(user.created_at).toISOString(),
            }
          );
        },
      },
      sections: () => product.exportSections(),
    }),
  };
}

export type AccountContext = ReturnType<typeof accountContext>;

/** The account's slice: erasure (which follows every slice's stream owners), the export (every slice's sections) and the member's own account activity. */
export const accountSlice = defineSlice({
  name: 'account',
  context: (platform, built: { billing: BillingService }, _overrides, product) => accountContext(platform, built, product),
  readModels: (facts) => [erasureReadModel(facts.streamOwners), accountActivityReadModel],
  aggregates: [{ name: 'erasure', decider: erasureDecider, history: [{ type: 'MemberErased', data: { userId: 'u', streamsErased: 5, by: 'member' } }], countsAsActivity: false }],
  background: ({ erasureSweeper }) => [erasureSweeper],
});
