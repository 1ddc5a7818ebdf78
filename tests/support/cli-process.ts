import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

const run = promisify(execFile);

/**
 * `npm run cli` as a process of its own, on the same kind of database as the rest of this run:
 * a data folder (PGlite, one process at a time: close your own handle on it before each run) or,
 * with TEST_DATABASE_URL, a database of its own on the server, dropped after the file. Registers
 * the file's beforeAll/afterAll; `env` is ready inside tests.
 */
export function cliProcess(name: string, unset: string[] = []) {
  let env: NodeJS.ProcessEnv = {};
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    // An empty data folder, unlike tests/support/data-dir.ts: the CLI's first run creates the
    // embedded database and migrates it, as a newcomer's first start does.
    env = { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), `skilly-${name}-`)) };
    for (const key of ['DATABASE_URL', ...unset]) delete env[key];
    const server = process.env.TEST_DATABASE_URL;
    if (server) {
      const database = `skilly_${name}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`create database ${database}`);
      await admin.end();
      const url = new URL(server);
      url.pathname = `/${database}`;
      env.DATABASE_URL = url.toString();
      dropDatabase = async () => {
        const c = new pg.Client({ connectionString: server });
        await c.connect();
        await c.query(`drop database if exists ${database} with (force)`);
        await c.end();
      };
    }
  });
  afterAll(async () => dropDatabase?.());

  return {
    /** The CLI's environment (its DATA_DIR or DATABASE_URL). */
    get env() {
      return env;
    },
    cli: (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'backend/infrastructure/bin/cli.ts', ...args], { env, cwd: process.cwd() }),
  };
}
