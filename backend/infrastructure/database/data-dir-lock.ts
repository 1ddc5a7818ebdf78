import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR that says which process has the embedded database open. */
export const LOCK_FILE = 'skilly.lock';

interface LockOwner {
  pid: number;
  command: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another process (pid ${owner.pid}: ${owner.command}, since ${owner.startedAt}). ` +
        'The embedded database can only be opened by one process at a time: stop that process first ' +
        '(or point DATABASE_URL at a PostgreSQL server to share one database between processes).',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

/** True while a process with this pid exists (EPERM: it exists but belongs to someone else). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) && owner.pid > 0 ? owner : null;
  } catch {
    return null;
  }
}

/** How long a takeover may take before its guard file is judged left by a crashed process. */
const TAKEOVER_GUARD_STALE_MS = 10_000;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Removes a stale lock file (its process is gone, or it cannot be read), one process at a
 * time: only the holder of the takeover guard (taken like the lock itself) looks again and
 * removes it, so a lock that another process has just taken over is never removed. The
 * caller then races for the free folder as at a fresh start.
 */
function removeStaleLock(file: string, mine: string): void {
  const guard = `${file}.takeover`;
  try {
    linkSync(mine, guard);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    try {
      if (Date.now() - statSync(guard).mtimeMs > TAKEOVER_GUARD_STALE_MS) unlinkSync(guard);
    } catch {
      /* gone meanwhile */
    }
    sleepSync(10);
    return;
  }
  try {
    const owner = readOwner(file);
    if (owner === null || !isAlive(owner.pid)) unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  } finally {
    unlinkSync(guard);
  }
}

/**
 * Takes the exclusive lock on `dataDir` for this process. The lock file appears whole and at
 * once: it is written under a name of this process's own and then hard-linked into place,
 * which fails when the file exists, so of processes starting at the same instant exactly one
 * gets it and no other ever reads a half-written file. A lock whose process has died
 * (kill -9, power loss) is stale and taken over; a live owner, including this very process
 * opening the folder a second time, makes it throw `DataDirLockedError`.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const me: LockOwner = {
    pid: process.pid,
    command: process.argv.slice(1).map((arg) => path.basename(arg)).join(' ') || 'node',
    startedAt: new Date().toISOString(),
  };
  const mine = `${file}.${process.pid}.new`;
  writeFileSync(mine, JSON.stringify(me), { mode: 0o600 });

  try {
    for (let attempt = 0; attempt < 200; attempt++) {
      try {
        linkSync(mine, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = readOwner(file);
        if (owner && isAlive(owner.pid)) throw new DataDirLockedError(dir, owner);
        // Stale (its process is gone) or unreadable (damaged): remove it and race again.
        removeStaleLock(file, mine);
        continue;
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (readOwner(file)?.pid === process.pid) {
          try {
            unlinkSync(file);
          } catch {
            /* already gone */
          }
        }
      };
      process.on('exit', release);
      return { release };
    }
  } finally {
    unlinkSync(mine);
  }
  const owner = readOwner(file);
  throw owner ? new DataDirLockedError(dir, owner) : new Error(`Could not lock DATA_DIR ${dir}`);
}
