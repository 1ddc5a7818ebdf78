import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * A new DATA_DIR for a product process of its own (server, worker, CLI). On the embedded
 * database it already holds the run's migrated PGlite, copied from the template that
 * tests/support/global-setup.ts made, so the process opens it instead of creating a database
 * from nothing; on the PostgreSQL server (whose processes get DATABASE_URL) it is empty.
 */
export function newDataDir(prefix = 'skilly-data-'): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = templateOfThisRun();
  if (template) cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/** The template global-setup made, or none outside vitest (the bench starts the app too: a first start migrates). */
function templateOfThisRun(): string | undefined {
  try {
    return inject('dataDirTemplate');
  } catch {
    return undefined;
  }
}
