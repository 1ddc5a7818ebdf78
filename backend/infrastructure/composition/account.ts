import { createAccountErasure } from '../../application/account/account-erasure';
import { contactMessagesEraser } from '../../application/contact/contact-messages';
import { createAccountExport } from '../../application/account/account-export';
import type { PersonalDataEraser } from '../../application/account/personal-data';
import { billingInboxEraser } from '../../application/billing/billing-inbox';
import type { BillingService } from '../../application/billing/billing-service';
import { ideaSetSavesEraser } from '../../application/ideas/idea-set-saves';
import { trialResultsEraser } from '../../application/ideas/trial-results';
import { identityErasers } from '../../application/identity/identity-erasers';
import { profileOfUser } from '../../application/identity/profile-service';
import type { PlansService } from '../../application/plans/plans-service';
import type { SupportService } from '../../application/support/support-service';
import { ticketOpensEraser } from '../../application/support/ticket-opens';
import { messagePostsEraser } from '../../application/support/message-posts';
import { pictureUploadsEraser } from '../../application/pictures/picture-uploads';
import { listPaymentsOf } from '../../projections/billing/billing-projection';
import { readCreditStatement } from '../../projections/credit-statement/credit-statement-projection';
import { erasedOwningStreams, streamsOwnedBy } from '../../projections/erasure/erasure-projection';
import { listIdeaSetsOf } from '../../projections/idea-sets/idea-sets-projection';
import { countOtherAdmins, findUserById } from '../../projections/users/users-projection';
import { idempotencyKeysEraser } from '../http/plugins/idempotency';
import { simulatedPaymentsEraser } from '../payments/simulated-gateway';
import type { Platform } from './platform';
import { blogPostsEraser } from '../../application/blog/blog-posts';

/**
 * The tables that hold no personal data, and why: every other table is a read model whose
 * projection erases a member's rows (`Projection.erase`) or has an eraser below. The erasure
 * test fails for a table in none of the three, so a new table is decided on when it lands.
 */
export const tablesWithoutPersonalData: Readonly<Record<string, string>> = {
  events: 'the event store: a person’s streams are deleted whole (EventStore.deleteStream), their billing stream written again without them',
  event_streams: 'the event store’s stream versions, deleted with each stream',
  projection_checkpoints: 'positions in the event log',
  projection_stream_versions: 'how far each inline projection has seen each stream (stream names and versions), forgotten with each stream',
  kysely_migration: 'the migrations run',
  kysely_migration_lock: 'the migrations’ lock',
  site_content: 'the homepage copy; its last editor by account id only',
  ai_settings: 'the AI configuration; its last editor by account id only',
  trial_generations: 'trial counts per visitor IP address and day, never tied to an account',
  platform_links: 'the public platform directory an admin keeps; who wrote a link is not kept',
  faqs: 'the public FAQ an admin keeps; who wrote an answer is not kept',
  ai_config_versions: 'the AI configuration versions; each editor by account id only (named when read, Deleted user once erased)',
  contact_sends: 'contact form counts per client IP address and day, never tied to an account',
  email_templates: 'the wording of the product’s emails; its last editor by account id only',
};

/**
 * Account: deletion with verified erasure and the personal data export (issue 31). Erasure
 * deletes the member's customers at the payment provider (billing), their streams, then every
 * plain table's rows through the erasers listed here, one per table, each owned by the module
 * that owns the table; the read models erase their own rows when they read `MemberErased`.
 */
export function accountContext(
  platform: Platform,
  services: { billing: BillingService; plans: PlansService; support: SupportService },
) {
  const { database, eventStore, ids, clock, progress, files, logger, runner } = platform;
  const db = database.db;
  const { billing, plans, support } = services;
  const personalDataErasers: readonly PersonalDataEraser[] = [
    ...identityErasers(db),
    trialResultsEraser(db),
    ideaSetSavesEraser(db),
    ticketOpensEraser(db),
    messagePostsEraser(db),
    billingInboxEraser(db),
    idempotencyKeysEraser(db),
    simulatedPaymentsEraser(db),
    blogPostsEraser(db),
    contactMessagesEraser(db),
    pictureUploadsEraser(db),
    // Schema projection_rebuild: the copies of the read models a rebuild writes (or a dead one left).
    { tables: [], erase: ({ userId }) => runner.eraseMemberFromShadowTables(userId) },
  ];
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
        ideaSets: (userId) => listIdeaSetsOf(db, userId),
        plans: (member) => plans.list(member),
        planHistory: (member, planId) => plans.history(member, planId),
        tickets: (member) => support.listOwn(member),
        ticketMessages: (member, ticketId) => support.wholeThreadOfOwn(member, ticketId),
        creditStatement: async (userId) => ({ entries: await readCreditStatement(db, userId) }),
        subscription: (member) => billing.subscriptionOf(member),
        payments: (userId) => listPaymentsOf(db, userId),
      },
    }),
  };
}

export type AccountContext = ReturnType<typeof accountContext>;
