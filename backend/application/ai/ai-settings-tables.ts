// The table type of `ai-config-store.ts`, apart from its code: `ports/database.ts` lists it and
// imports nothing that imports `Database` back.

/** Before issue 33: the AI settings in one row of a plain table, kept so an old database upgrades (`ai-config-store.ts`). */
export interface AiSettingsTable {
  key: string;
  settings: unknown;
  updated_at: Date;
  updated_by: string;
}

export interface AiSettingsTables {
  ai_settings: AiSettingsTable;
}
