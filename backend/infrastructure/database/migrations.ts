import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { appendFunctionMigration, appendFunctionPlansMigration, eventStoreMigration } from '../event-store/postgres-event-store';
import { checkpointsMigration } from '../../projections/runner/checkpoints';
import { usersMigration } from '../../projections/users/users-projection';
import { platformTablesMigration } from '../../application/identity/platform-tables';
import { authAttemptsMigration } from '../../application/identity/auth-attempts';
import { contentTablesMigration } from '../../application/content/content-tables';
import { aiSettingsMigration } from '../../application/ai/ai-settings';
import { trialGenerationsMigration } from '../../application/ideas/trial-allowance';
import { trialResultsMigration } from '../../application/ideas/trial-results';
import { ideaSetSavesMigration } from '../../application/ideas/idea-set-saves';
import { idempotencyKeysMigration } from '../http/plugins/idempotency';
import { creditAccountsMigration } from '../../projections/credit-accounts/credit-accounts-projection';
import { creditStatementMigration } from '../../projections/credit-statement/credit-statement-projection';
import { ideaSetsMigration } from '../../projections/idea-sets/idea-sets-projection';
import { pendingSpendsMigration } from '../../projections/pending-spends/pending-spends-projection';

/**
 * Every migration of the product, in order. Names start with the date they landed;
 * a landed migration is never edited, a change is a new entry.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_event_store': eventStoreMigration,
  '2026_11_22_0002_projection_checkpoints': checkpointsMigration,
  '2026_11_22_0003_users_read_model': usersMigration,
  '2026_11_22_0004_sessions_and_security': platformTablesMigration,
  '2026_11_22_0005_site_content': contentTablesMigration,
  '2026_11_22_0006_ai_settings': aiSettingsMigration,
  '2026_11_22_0007_credit_accounts_read_model': creditAccountsMigration,
  '2026_11_22_0008_credit_statement_read_model': creditStatementMigration,
  '2026_11_22_0009_idea_sets_read_model': ideaSetsMigration,
  '2026_11_22_0010_trial_generations': trialGenerationsMigration,
  '2026_11_23_0011_auth_attempts': authAttemptsMigration,
  '2026_11_23_0012_event_store_append_function': appendFunctionMigration,
  '2026_11_23_0013_event_store_append_plans': appendFunctionPlansMigration,
  '2026_11_23_0014_trial_results': trialResultsMigration,
  '2026_11_23_0015_idea_set_saves': ideaSetSavesMigration,
  '2026_11_23_0016_idempotency_keys': idempotencyKeysMigration,
  '2026_11_23_0017_pending_spends': pendingSpendsMigration,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message}`, { cause: error });
  }
}
