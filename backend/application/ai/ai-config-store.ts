import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import { AI_CONFIG_STREAM, aiConfigDecider } from '../../domain/ai-config/ai-config';
import { systemActor } from '../../domain/shared/actor';
import { handleCommand } from '../event-sourcing/command-handler';
import type { Database } from '../ports/database';
import type { EventStore } from '../ports/event-store';
import type { IdGenerator } from '../ports/system';
import { defaultAiSettings, mergeWithDefaults, type AiSettings } from './ai-settings';

/**
 * Where the AI configuration is read: the highest version of the `ai_config_versions` read
 * model (projections/ai-config), completed with the defaults; version 0 (the defaults) when
 * nothing was ever saved. Idea and plan generation and the admin's API cost read it here.
 */

/** The app's database or a transaction. */
type Db = Kysely<Database> | Transaction<Database>;

export interface CurrentAiConfig {
  settings: AiSettings;
  /** 0: the built-in defaults, never saved. */
  version: number;
  savedAt: Date | null;
  /** The editor's account id; null for the defaults or a system save. */
  savedBy: string | null;
}

const json = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
};

export const defaultAiConfig: CurrentAiConfig = { settings: defaultAiSettings, version: 0, savedAt: null, savedBy: null };

/** The configuration in force and its version. */
export async function readAiConfig(db: Db): Promise<CurrentAiConfig> {
  const row = await db.selectFrom('ai_config_versions').selectAll().orderBy('version', 'desc').limit(1).executeTakeFirst();
  if (!row) return defaultAiConfig;
  return { settings: mergeWithDefaults(json(row.settings)), version: row.version, savedAt: new Date(row.saved_at), savedBy: row.saved_by };
}

/** The configuration in force, completed with defaults (the defaults when nothing was saved). */
export async function readAiSettings(db: Db): Promise<AiSettings> {
  return (await readAiConfig(db)).settings;
}

// ---------------------------------------------------------------------------------------------
// Before issue 33: one row in a plain table. Kept (never written, never read after the import)
// so a database from before upgrades without loss; see docs/ai.md "Versions".

/** The migration that created it (2026_11_22_0006): landed, never edited. */
export const aiSettingsMigration: Migration = {
  async up(db) {
    await sql`
      create table ai_settings (
        key text primary key,
        settings jsonb not null,
        updated_at timestamptz not null,
        updated_by text not null
      )`.execute(db);
  },
};

/**
 * Imports the configuration saved before versions existed as version 1, by its last editor at
 * its time, once: the decider records nothing when the stream already holds a version (so a
 * second start, or two servers starting together, import nothing more). Runs at start-up.
 */
export async function importLegacyAiSettings(deps: { db: Kysely<Database>; eventStore: EventStore; ids: IdGenerator }): Promise<boolean> {
  const row = await deps.db.selectFrom('ai_settings').selectAll().where('key', '=', 'ai').executeTakeFirst();
  if (!row) return false;
  const outcome = await handleCommand(
    deps,
    aiConfigDecider,
    AI_CONFIG_STREAM,
    () => ({
      type: 'ImportAiConfig' as const,
      data: { settings: mergeWithDefaults(json(row.settings)), defaults: defaultAiSettings, savedBy: row.updated_by },
    }),
    { actor: systemActor('ai-config-import'), correlationId: 'ai-config-import', causationId: 'ai-config-import', now: new Date(row.updated_at) },
  );
  return outcome.newEvents.length > 0;
}
