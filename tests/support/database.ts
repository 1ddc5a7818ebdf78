import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import {
  createPGlite,
  openEmbeddedDatabase,
  openServerDatabase,
  type DatabaseHandle,
} from '../../backend/infrastructure/database/database';
import { databaseUrl, onServer } from './global-setup';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Set on the PostgreSQL server: the connection string of this test's own database. */
  url?: string;
  drop(): Promise<void>;
}

export const usingServer = () => Boolean(process.env.TEST_DATABASE_URL);

/**
 * A fresh, migrated database of the kind this run targets: on the server at TEST_DATABASE_URL,
 * a new database created from the run's migrated template; else a copy of the migrated PGlite.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `skilly_test_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database ${name} template ${inject('serverTemplate')}`);
    const url = databaseUrl(serverUrl, name);
    const handle = await openServerDatabase(url, { max: 20 });
    return {
      handle,
      url,
      async drop() {
        await handle.close();
        await onServer(serverUrl, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const template = inject('pgliteTemplate');
  const pglite = await createPGlite({ loadDataDir: new Blob([readFileSync(template)]) });
  const handle = await openEmbeddedDatabase(pglite);
  return { handle, drop: () => handle.close() };
}
