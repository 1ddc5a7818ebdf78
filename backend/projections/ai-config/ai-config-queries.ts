import type { Kysely, Transaction } from 'kysely';
import type { AiConfigVersionRecord } from '../../application/ports/ai-config-reads';
import type { Database } from '../../application/ports/database';

type Db = Kysely<Database> | Transaction<Database>;

/** A version as the service's read port takes it. */
export type AiConfigVersionRow = AiConfigVersionRecord;

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

const selectVersions = (db: Db) => db.selectFrom('ai_config_versions').selectAll();
type Selected = Awaited<ReturnType<ReturnType<typeof selectVersions>['executeTakeFirstOrThrow']>>;

const toRow = (row: Selected): AiConfigVersionRow => ({
  version: row.version,
  settings: json(row.settings),
  savedAt: new Date(row.saved_at),
  savedBy: row.saved_by,
  changedFields: json<string[]>(row.changed_fields),
  restoredFrom: row.restored_from,
  reason: row.reason,
});

/** Every saved version, newest first (one per save: a few hundred at most over a product's life). */
export async function listAiConfigVersions(db: Db): Promise<AiConfigVersionRow[]> {
  return (await selectVersions(db).orderBy('version', 'desc').execute()).map(toRow);
}

export async function findAiConfigVersion(db: Db, version: number): Promise<AiConfigVersionRow | undefined> {
  const row = await selectVersions(db).where('version', '=', version).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** Current names of the editors, by account id; an erased account is absent. */
export async function editorNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim()]));
}
