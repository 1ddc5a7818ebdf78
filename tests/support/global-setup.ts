import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPGlite, openEmbeddedDatabase, openServerDatabase } from '../../backend/infrastructure/database/database';
import { migrateToLatest } from '../../backend/infrastructure/database/migrations';
import { product } from '../../backend/infrastructure/slices/product-slices';

declare module 'vitest' {
  export interface ProvidedContext {
    /** On the embedded database: the file holding the migrated PGlite's dump. */
    pgliteTemplate: string;
    /**
     * On the embedded database: a DATA_DIR holding the migrated PGlite on disk, for tests whose
     * child processes open a data folder (tests/support/data-dir.ts copies it).
     */
    dataDirTemplate: string;
    /** On the PostgreSQL server: the migrated database every test database is created from. */
    serverTemplate: string;
  }
}

/**
 * The schema is migrated once per run, then copied: migrating a fresh database costs seconds,
 * a copy a fraction of that. On the embedded database one migrated PGlite is dumped to a file
 * that every test file loads, and unpacked into a data folder that product processes started by
 * tests get copies of (tests/support/data-dir.ts). On the PostgreSQL server one migrated
 * database is the TEMPLATE of every `CREATE DATABASE` (tests/support/database.ts), and is
 * dropped when the run ends.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    project.provide('pgliteTemplate', '');
    project.provide('dataDirTemplate', '');
    const name = `skilly_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database ${name}`);
    const handle = await openServerDatabase(databaseUrl(serverUrl, name), { max: 1 });
    await migrateToLatest(handle.db, product.readModels).finally(() => handle.close());
    project.provide('serverTemplate', name);
    return () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
  }
  project.provide('serverTemplate', '');
  const pglite = await createPGlite();
  const handle = await openEmbeddedDatabase(pglite);
  await migrateToLatest(handle.db, product.readModels);
  const dump = await pglite.dumpDataDir('none');
  await handle.close();
  const folder = mkdtempSync(path.join(tmpdir(), 'skilly-template-'));
  const file = path.join(folder, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  // Unpacked into a data folder once (PGlite's own initdb on disk costs seconds per folder).
  const dataDir = path.join(folder, 'data');
  await (await createPGlite({ dataDir, loadDataDir: dump })).close();
  project.provide('dataDirTemplate', dataDir);
  return () => rmSync(folder, { recursive: true, force: true });
}

/** The connection string of database `name` on the server at `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance connection. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
