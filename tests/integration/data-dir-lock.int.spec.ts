import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { newDataDir } from '../support/data-dir';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from '../../backend/infrastructure/database/data-dir-lock';

const run = promisify(execFile);
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

// The lock guards the embedded database only, so these always use PGlite in a fresh DATA_DIR
// (holding a copy of the migrated database on the embedded run; empty, so created, on the server's)
function envFor(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return env;
}

/** A second process that has the data folder open, like a running server. */
async function holder(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/hold-data-dir.ts'], {
    env: envFor(dataDir),
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}: ${stderr}`)));
  });
  return child;
}

const cli = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'backend/infrastructure/bin/cli.ts', ...args], { env: envFor(dataDir), cwd: process.cwd() });

describe('DATA_DIR lock', () => {
  it('a CLI run on a data folder that another process has open refuses, naming that process, and changes nothing', async () => {
    const dataDir = newDataDir('skilly-lock-');
    const server = await holder(dataDir);

    const refused = await cli(dataDir, 'projections', 'rebuild', 'all').then(
      () => null,
      (error: { code: number; stderr: string; stdout: string }) => error,
    );
    expect(refused).not.toBeNull();
    expect(refused!.code).toBe(1);
    expect(refused!.stderr).toContain(`is in use by another process (pid ${server.pid}`);
    expect(refused!.stderr).toContain('hold-data-dir.ts');
    expect(refused!.stdout).not.toContain('rebuilt');

    // The holder is unharmed and still holds the folder; once it stops, the CLI works.
    expect(server.exitCode).toBeNull();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const rebuilt = await cli(dataDir, 'projections', 'rebuild', 'all');
    expect(rebuilt.stdout).toMatch(/rebuilt users: \d+ events/);
  }, 240_000);

  it('a lock left by a killed process (kill -9) is stale and taken over', async () => {
    const dataDir = newDataDir('skilly-lock-');
    const server = await holder(dataDir);
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);

    const status = await cli(dataDir, 'projections', 'status');
    expect(status.stdout).toContain('users');
  }, 240_000);

  it('is exclusive within one process too, and free again once released; an unreadable lock file is stale', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'skilly-lock-'));
    const lock = acquireDataDirLock(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(`pid ${process.pid}`);
    lock.release();
    acquireDataDirLock(dataDir).release();

    writeFileSync(path.join(dataDir, LOCK_FILE), '{"pid":');
    acquireDataDirLock(dataDir).release();
  });

  it('of processes starting at the same instant exactly one takes the lock, on a fresh folder and over a stale lock', async () => {
    // Each round is a fresh folder; every other one starts with a lock left by a dead process.
    const deadPid = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.once('exit', () => resolve(child.pid!));
    });
    const start = Date.now() + 4_000;
    const rounds = Array.from({ length: 30 }, (_, i) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'skilly-lock-race-'));
      if (i % 2 === 1) writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid, command: 'gone', startedAt: '2026-01-01T00:00:00Z' }));
      return { dir, at: start + i * 150 };
    });
    const contenders = Array.from({ length: 4 }, () =>
      run(process.execPath, ['--import', 'tsx', 'tests/support/race-data-dir-lock.ts', JSON.stringify(rounds)], { cwd: process.cwd() }),
    );
    const won = (await Promise.all(contenders)).map((result) => JSON.parse(result.stdout) as string[]);
    const winnersPerRound = rounds.map(({ dir }) => won.filter((list) => list.includes(dir)).length);
    expect(winnersPerRound).toEqual(rounds.map(() => 1));
  }, 120_000);
});
