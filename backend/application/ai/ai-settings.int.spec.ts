import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import {
  aiSettingsMigration,
  defaultAiSettings,
  readAiSettings,
  saveAiSettings,
  type AiSettings,
  type AiSettingsTables,
} from './ai-settings';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  // Until the shared migrations list includes it, this test creates the table itself.
  const { rows } = await sql<{ exists: boolean }>`select to_regclass('ai_settings') is not null as exists`.execute(database.handle.db);
  if (!rows[0].exists) await aiSettingsMigration.up(database.handle.db);
});
afterAll(async () => {
  await database.drop();
});

const admin = { userId: 'admin-1', now: new Date('2026-11-23T10:00:00Z') };

describe('AI settings storage', () => {
  it('reads the defaults before anything is saved', async () => {
    expect(await readAiSettings(database.handle.db)).toEqual(defaultAiSettings);
  });

  it('saves the configuration and reads it back; a second save replaces it', async () => {
    const first: AiSettings = {
      ...defaultAiSettings,
      modelName: 'gpt-4.1-mini',
      temperature: 0.4,
      promptBuilderSettings: { ...defaultAiSettings.promptBuilderSettings, ideasPerCategory: 2 },
    };
    expect(await saveAiSettings(database.handle.db, first, admin)).toEqual(first);
    expect(await readAiSettings(database.handle.db)).toEqual(first);

    const second = { ...first, ideaMaxTokens: 2500 };
    await saveAiSettings(database.handle.db, second, { userId: 'admin-2', now: new Date('2026-11-24T10:00:00Z') });
    expect(await readAiSettings(database.handle.db)).toEqual(second);

    const rows = await (database.handle.db as unknown as Kysely<AiSettingsTables>)
      .selectFrom('ai_settings')
      .select(['key', 'updated_by', 'updated_at'])
      .execute();
    expect(rows).toEqual([{ key: 'ai', updated_by: 'admin-2', updated_at: new Date('2026-11-24T10:00:00Z') }]);
  });

  it('refuses to save values outside the allowed ranges', async () => {
    await expect(saveAiSettings(database.handle.db, { ...defaultAiSettings, ideaMaxTokens: 100 }, admin)).rejects.toThrow(
      /between 500 and 3000/,
    );
  });

  it('completes a stored configuration that lacks newer keys with their defaults', async () => {
    const partial = { modelName: 'gpt-4o', promptBuilderSettings: { ideasPerCategory: 2 } };
    await sql`update ai_settings set settings = ${JSON.stringify(partial)}::jsonb where key = 'ai'`.execute(database.handle.db);
    const read = await readAiSettings(database.handle.db);
    expect(read.modelName).toBe('gpt-4o');
    expect(read.promptBuilderSettings.ideasPerCategory).toBe(2);
    expect(read.temperature).toBe(defaultAiSettings.temperature);
    expect(read.ideaGenerationPrompt).toBe(defaultAiSettings.ideaGenerationPrompt);
    expect(read.promptBuilderSettings.categoriesText).toBe(defaultAiSettings.promptBuilderSettings.categoriesText);
  });
});
