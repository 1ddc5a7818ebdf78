import { sql, type Migration } from 'kysely';
import { aiConfigEventTypes, type AiConfigEvent } from '../../domain/ai-config/ai-config';
import { assertNever } from '../../domain/shared/domain-error';
import type { Projection } from '../runner/projection';

/**
 * Every version of the AI configuration (GET /api/admin/ai-config/versions), one row each; the
 * configuration in force is the highest version. `saved_by` is an account id only: the editor's
 * name is looked up when read; erasing the editor's account clears `saved_by` (the version stays).
 */
export interface AiConfigVersionsTable {
  version: number;
  settings: unknown;
  saved_at: Date;
  saved_by: string | null;
  changed_fields: string[];
  restored_from: number | null;
  reason: string | null;
}

export const aiConfigVersionsMigration: Migration = {
  async up(db) {
    await sql`
      create table ai_config_versions (
        version integer primary key,
        settings jsonb not null,
        saved_at timestamptz not null,
        saved_by text,
        changed_fields jsonb not null,
        restored_from integer,
        reason text
      )`.execute(db);
  },
};

export const aiConfigProjection: Projection = {
  name: 'ai-config',
  handles: aiConfigEventTypes,
  tables: ['ai_config_versions'],
  // The admin's save answers the configuration it made: it waits for this read model.
  memberFacing: true,
  async apply(trx, recorded) {
    const event = { type: recorded.type, data: recorded.data } as AiConfigEvent;
    switch (event.type) {
      case 'AiConfigSaved': {
        const { version, settings, at, savedBy, changedFields, restoredFrom, reason } = event.data;
        await sql`
          insert into ai_config_versions (version, settings, saved_at, saved_by, changed_fields, restored_from, reason)
          values (${version}, ${JSON.stringify(settings)}::jsonb, ${new Date(at)}, ${savedBy}, ${JSON.stringify(changedFields)}::jsonb,
                  ${restoredFrom}, ${reason})
          on conflict (version) do nothing`.execute(trx);
        return;
      }
      default:
        return assertNever(event.type);
    }
  },
  // The versions stay (they are the configuration's history); only who saved them goes. The
  // event keeps the account id, so a rebuild makes the same rows: it erases again at the same place.
  async erase(trx, userId) {
    await sql`update ai_config_versions set saved_by = null where saved_by = ${userId}`.execute(trx);
  },
};
