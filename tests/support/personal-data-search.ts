import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from './test-app';

/**
 * Searching everything the product keeps for a person's texts (issue 31's erasure tests): every
 * row of every table, every file of the store, and on the PostgreSQL server `pg_dump`'s output.
 */
const execFileAsync = promisify(execFile);

/** Every row of every table of the database, each as text (`select t::text`), lower-cased, with its table. */
export async function databaseDump(app: TestApp): Promise<{ table: string; row: string }[]> {
  const db = app.services.database.db;
  const { rows: tables } = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`.execute(db);
  expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['events', 'users', 'sessions']));
  const dump: { table: string; row: string }[] = [];
  for (const { schema, name } of tables) {
    const { rows } = await sql<{ row: string }>`select t::text as row from ${sql.table(`${schema}.${name}`)} t`.execute(db);
    dump.push(...rows.map(({ row }) => ({ table: `${schema}.${name}`, row: row.toLowerCase() })));
  }
  return dump;
}

/** Every file under the store's folder: its path and its bytes as text, lower-cased. */
async function fileStoreDump(app: TestApp): Promise<{ file: string; text: string }[]> {
  const root = path.resolve(app.services.config.DATA_DIR, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(files.map(async (file) => ({ file: path.relative(root, file), text: (await readFile(file)).toString('latin1').toLowerCase() })));
}

/**
 * On the PostgreSQL server, the whole database as `pg_dump` writes it (every schema, the event
 * store's tables and `projection_rebuild` included), lower-cased; null on PGlite or without pg_dump.
 */
async function pgDump(app: TestApp): Promise<string | null> {
  if (!app.database.url) return null;
  try {
    const { stdout } = await execFileAsync('pg_dump', ['--data-only', '--no-owner', `--dbname=${app.database.url}`], { maxBuffer: 256 * 1024 * 1024 });
    return stdout.toLowerCase();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Where each text still occurs: `{ label: ['table: row…'] }`, only for the texts found. */
export async function occurrencesIn(t: TestApp, texts: Record<string, string>): Promise<Record<string, string[]>> {
  const rows = await databaseDump(t);
  const files = await fileStoreDump(t);
  const dump = await pgDump(t);
  const found: Record<string, string[]> = {};
  for (const [label, text] of Object.entries(texts)) {
    const needle = text.toLowerCase();
    const places = [
      ...rows.filter(({ row }) => row.includes(needle)).map(({ table, row }) => `${table}: ${row.slice(0, 160)}`),
      ...(dump?.includes(needle) ? [`pg_dump: …${dump.slice(Math.max(0, dump.indexOf(needle) - 80), dump.indexOf(needle) + 80)}…`] : []),
      ...files.filter(({ file, text: content }) => file.toLowerCase().includes(needle) || content.includes(needle)).map(({ file }) => `file ${file}`),
    ];
    if (places.length) found[label] = places;
  }
  return found;
}

