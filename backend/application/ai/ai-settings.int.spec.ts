import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { importLegacyAiSettings, readAiConfig, readAiSettings } from './ai-config-store';
import { defaultAiSettings } from './ai-settings';

/** Where generation reads the AI configuration, and the upgrade from the plain table kept before issue 33. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('the AI configuration in force', () => {
  it('is the defaults, version 0, before anything is saved', async () => {
    expect(await readAiSettings(t.services.database.db)).toEqual(defaultAiSettings);
    expect(await readAiConfig(t.services.database.db)).toMatchObject({ version: 0, savedBy: null, savedAt: null });
  });

  it('a configuration kept in the old table is imported once as version 1 by its last editor, completed with the defaults', async () => {
    const { db } = t.services.database;
    const partial = { modelName: 'gpt-4o', promptBuilderSettings: { ideasPerCategory: 2 } };
    await sql`insert into ai_settings (key, settings, updated_at, updated_by)
              values ('ai', ${JSON.stringify(partial)}::jsonb, ${new Date('2026-11-20T09:00:00Z')}, 'admin-old')`.execute(db);
    const deps = { db, eventStore: t.services.eventStore, ids: t.services.ids };
    expect(await importLegacyAiSettings(deps)).toBe(true);
    expect(await importLegacyAiSettings(deps)).toBe(false);
    await t.services.runner.catchUpAll();
    const config = await readAiConfig(db);
    expect(config).toMatchObject({ version: 1, savedBy: 'admin-old', savedAt: new Date('2026-11-20T09:00:00Z') });
    expect(config.settings.modelName).toBe('gpt-4o');
    expect(config.settings.promptBuilderSettings.ideasPerCategory).toBe(2);
    expect(config.settings.temperature).toBe(defaultAiSettings.temperature);
    expect(config.settings.ideaGenerationPrompt).toBe(defaultAiSettings.ideaGenerationPrompt);
  });
});
