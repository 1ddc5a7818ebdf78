import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPGlite, openEmbeddedDatabase } from '../../backend/infrastructure/database/database';
import { migrateToLatest } from '../../backend/infrastructure/database/migrations';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * On the embedded database, one migrated PGlite is dumped once; every test file starts
 * from a copy of it (opening and migrating a fresh PGlite per file costs seconds).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const pglite = await createPGlite();
  const handle = await openEmbeddedDatabase(pglite);
  await migrateToLatest(handle.db);
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'skilly-template-')), 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
}
