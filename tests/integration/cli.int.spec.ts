import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
let env: NodeJS.ProcessEnv;
let dropDatabase: (() => Promise<void>) | undefined;

// The CLI against the same kind of database as the rest of this run.
beforeAll(async () => {
  env = { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'skilly-cli-')) };
  delete env.DATABASE_URL;
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const name = `skilly_cli_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
});
afterAll(async () => dropDatabase?.());

const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'backend/infrastructure/bin/cli.ts', ...args], { env, cwd: process.cwd() });

// Each CLI run is a cold process that opens (and on PGlite first creates) the database: slow on a busy machine.
describe('cli', () => {
  it('creates an admin, then rebuilds every projection from zero', async () => {
    const created = await cli('create-admin', '--email', 'ops@example.com', '--password', 'ops-password-1');
    expect(created.stdout).toContain('Created admin ops@example.com');
    const again = await cli('create-admin', '--email', 'ops@example.com', '--password', 'ops-password-2');
    expect(again.stdout).toContain('ops@example.com is now an admin');

    const rebuilt = await cli('projections', 'rebuild', 'all');
    expect(rebuilt.stdout).toMatch(/rebuilt users: \d+ events/);
    expect(rebuilt.stdout).toMatch(/rebuilt session-revocation: \d+ events/);
  }, 240_000);

  it('refuses an unknown projection and a short password with a message', async () => {
    await expect(cli('projections', 'rebuild', 'nope')).rejects.toMatchObject({ stderr: expect.stringContaining('Unknown projection "nope"') });
    await expect(cli('create-admin', '--email', 'x@example.com', '--password', 'short')).rejects.toMatchObject({
      stderr: expect.stringContaining('at least 8 characters'),
    });
  }, 240_000);
});
