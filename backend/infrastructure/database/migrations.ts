import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import {
  appendFunctionFewerStatementsMigration,
  appendFunctionIndexPlansMigration,
  appendFunctionMigration,
  appendFunctionPlansMigration,
  appendWithRowsCachedPlanMigration,
  appendWithRowsFunctionMigration,
  appendWithRowsStaticUpsertsMigration,
  appendOnEventsAloneMigration,
  appendOneEventMigration,
  appendEventsAtVersionMigration,
  appendWithRowsOneEventMigration,
  appendWithRowsPlanUpdateByKeyMigration,
  appendWithRowsJsonbInsertMigration,
  appendWithRowsBatchMigration,
  appendWithRowsLessPlpgsqlMigration,
  appendWithRowsAddedTasksMigration,
  eventStoreMigration,
} from '../event-store/postgres-event-store';
import { checkpointsMigration } from '../../projections/runner/checkpoints';
import { streamVersionsMigration } from '../../projections/runner/stream-versions';
import type { ReadModel } from '../../projections/runner/read-model';
import { emailOutboxDeliveryMigration, platformTablesMigration, sessionPasswordFingerprintMigration } from '../../application/identity/platform-tables';
import { confirmationEmailsMigration, emailTemplatesMigration, googleSignInHelpEmailMigration } from '../../application/email/email-tables';
import { emailLinkTokensMigration } from '../../application/identity/email-links';
import { googleSignInMigration } from '../../application/identity/google-sign-in';
import { authAttemptsMigration } from '../../application/identity/auth-attempts';
import { contentTablesMigration } from '../../application/content/content-tables';
import { aiSettingsMigration } from '../../application/ai/ai-config-store';
import { trialGenerationsMigration } from '../../application/ideas/trial-allowance';
import { trialResultsMigration, trialResultsVisitorMigration } from '../../application/ideas/trial-results';
import { ideaSetSavesMigration } from '../../application/ideas/idea-set-saves';
import { pictureUploadsMigration } from '../../application/pictures/picture-uploads';
import { idempotencyKeysMigration } from '../http/plugins/idempotency';
import { supportTicketOpensMigration } from '../../application/support/ticket-opens';
import { supportMessagePostsMigration } from '../../application/support/message-posts';
import { billingInboxMigration } from '../../application/billing/billing-inbox';
import { simulatedGatewayMigration } from '../payments/simulated-gateway';
import { platformLinksMigration } from '../../application/content/platform-links';
import { faqsMigration } from '../../application/content/faqs';
import { blogPostsMigration } from '../../application/blog/blog-posts';
import { contactMessagesMigration, contactSendsMigration } from '../../application/contact/contact-messages';
import { starterContentMigration } from '../../application/content/starter-content';

/**
 * The migrations of everything that is not a read model (a read model's come with it, from
 * the slices: `Slice.readModels`). Names start with the date they landed; a landed migration is
 * never renamed or edited, a change is a new entry.
 */
const platformMigrations: Record<string, Migration> = {
  '2026_11_22_0001_event_store': eventStoreMigration,
  '2026_11_22_0002_projection_checkpoints': checkpointsMigration,
  '2026_11_22_0004_sessions_and_security': platformTablesMigration,
  '2026_11_22_0005_site_content': contentTablesMigration,
  '2026_11_22_0006_ai_settings': aiSettingsMigration,
  '2026_11_22_0010_trial_generations': trialGenerationsMigration,
  '2026_11_23_0011_auth_attempts': authAttemptsMigration,
  '2026_11_23_0012_event_store_append_function': appendFunctionMigration,
  '2026_11_23_0013_event_store_append_plans': appendFunctionPlansMigration,
  '2026_11_23_0014_trial_results': trialResultsMigration,
  '2026_11_23_0015_idea_set_saves': ideaSetSavesMigration,
  '2026_11_23_0016_idempotency_keys': idempotencyKeysMigration,
  '2026_11_23_0021_event_store_append_index_plans': appendFunctionIndexPlansMigration,
  '2026_11_24_0022_trial_results_visitor': trialResultsVisitorMigration,
  '2026_11_24_0023_session_password_fingerprint': sessionPasswordFingerprintMigration,
  '2026_11_24_0024_support_ticket_opens': supportTicketOpensMigration,
  '2026_11_25_0028_billing_inbox': billingInboxMigration,
  '2026_11_25_0029_simulated_payments': simulatedGatewayMigration,
  '2026_11_25_0035_platform_links': platformLinksMigration,
  '2026_11_25_0036_faqs': faqsMigration,
  '2026_11_25_0037_blog_posts': blogPostsMigration,
  '2026_11_25_0038_email_templates': emailTemplatesMigration,
  '2026_11_25_0039_email_outbox_delivery': emailOutboxDeliveryMigration,
  '2026_11_25_0040_contact_messages': contactMessagesMigration,
  '2026_11_25_0041_contact_sends': contactSendsMigration,
  '2026_11_25_0042_event_store_append_fewer_statements': appendFunctionFewerStatementsMigration,
  '2026_11_28_0043_starter_faqs_and_platforms': starterContentMigration,
  '2026_11_28_0045_support_message_posts': supportMessagePostsMigration,
  '2026_11_28_0046_picture_uploads': pictureUploadsMigration,
  '2026_11_28_0047_email_link_tokens': emailLinkTokensMigration,
  '2026_11_28_0049_confirmation_emails': confirmationEmailsMigration,
  '2026_11_29_0052_projection_stream_versions': streamVersionsMigration,
  '2026_11_29_0053_event_store_append_with_rows': appendWithRowsFunctionMigration,
  '2026_11_29_0054_event_store_append_with_rows_cached_plan': appendWithRowsCachedPlanMigration,
  '2026_12_01_0057_google_sign_in': googleSignInMigration,
  '2026_12_01_0058_google_sign_in_help_email': googleSignInHelpEmailMigration,
  '2026_12_02_0061_event_store_append_static_upserts': appendWithRowsStaticUpsertsMigration,
  '2026_12_02_0063_event_store_append_on_events_alone': appendOnEventsAloneMigration,
  '2026_12_02_0064_event_store_append_one_event': appendOneEventMigration,
  '2026_12_02_0065_event_store_append_with_rows_one_event': appendWithRowsOneEventMigration,
  '2026_12_02_0066_event_store_append_events_at_version': appendEventsAtVersionMigration,
  '2026_12_02_0067_event_store_append_with_rows_plan_update_by_key': appendWithRowsPlanUpdateByKeyMigration,
  '2026_12_04_0070_event_store_append_with_rows_jsonb_insert': appendWithRowsJsonbInsertMigration,
  '2026_12_05_0072_event_store_append_with_rows_batch': appendWithRowsBatchMigration,
  '2026_12_06_0074_event_store_append_with_rows_added_tasks': appendWithRowsAddedTasksMigration,
  '2026_12_07_0075_event_store_append_with_rows_less_plpgsql': appendWithRowsLessPlpgsqlMigration,
};

/** Every migration of a product with these read models, in the order they run (by name, as Kysely's migrator orders them). */
export function migrationsOf(readModels: readonly ReadModel[]): Readonly<Record<string, Migration>> {
  return collectMigrations([platformMigrations, ...readModels.map((model) => model.migrations)]);
}

function collectMigrations(groups: readonly Readonly<Record<string, Migration>>[]): Record<string, Migration> {
  const all = new Map<string, Migration>();
  for (const [name, migration] of groups.flatMap((group) => Object.entries(group))) {
    if (all.has(name)) throw new Error(`Two migrations are named "${name}"`);
    all.set(name, migration);
  }
  return Object.fromEntries([...all].sort(([a], [b]) => a.localeCompare(b)));
}


/**
 * Runs the migrations not yet run, in order, and answers the names it ran (empty when the schema
 * was up to date). Safe with many processes starting at once: on PostgreSQL, Kysely's migrator
 * holds a session-level advisory lock (`pg_advisory_lock`) while it reads which migrations ran
 * and runs the rest in one transaction, so a second process waits, then finds nothing to do
 * (tests/integration/migrate-concurrently.int.spec.ts runs two processes at once).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: migrations are untyped on purpose
export async function migrateToLatest(db: Kysely<any>, readModels: readonly ReadModel[]): Promise<string[]> {
  const migrations = migrationsOf(readModels);
  // Migrations run on the schema as it was when each landed, not on today's `Database`: untyped.
  const provider: MigrationProvider = { getMigrations: async () => ({ ...migrations }) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
