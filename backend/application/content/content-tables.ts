import { sql, type Migration } from 'kysely';

/** Content an admin edits in place; only the current version matters. */
export interface SiteContentTable {
  key: string;
  content: unknown;
  updated_at: Date;
  updated_by: string;
}

export interface ContentTables {
  site_content: SiteContentTable;
}

export const contentTablesMigration: Migration = {
  async up(db) {
    await sql`
      create table site_content (
        key text primary key,
        content jsonb not null,
        updated_at timestamptz not null,
        updated_by text not null
      )`.execute(db);
  },
};
