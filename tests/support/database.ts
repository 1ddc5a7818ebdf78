import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import {
  createPGlite,
  openEmbeddedDatabase,
  openServerDatabase,
  type DatabaseHandle,
} from '../../backend/infrastructure/database/database';
import { migrateToLatest } from '../../backend/infrastructure/database/migrations';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Set on the PostgreSQL server: the connection string of this test's own database. */
  url?: string;
  drop(): Promise<void>;
}

export const usingServer = () => Boolean(process.env.TEST_DATABASE_URL);

/**
 * A fresh, migrated database of the kind this run targets: a new database on the server at
 * TEST_DATABASE_URL, or a copy of the migrated PGlite template.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `skilly_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openServerDatabase(url.toString(), { max: 20 });
    await migrateToLatest(handle.db);
    return {
      handle,
      url: url.toString(),
      async drop() {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const template = inject('pgliteTemplate');
  const pglite = await createPGlite({ loadDataDir: new Blob([readFileSync(template)]) });
  const handle = await openEmbeddedDatabase(pglite);
  await migrateToLatest(handle.db);
  return { handle, drop: () => handle.close() };
}
