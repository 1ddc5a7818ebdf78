import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
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

/**
 * Takes the exclusive lock on `dataDir` for this process: the lock file is created with
 * O_EXCL, so of two processes starting at once exactly one gets it. A lock whose process
 * has died (kill -9, power loss) is stale and taken over; a live owner, including this very
 * process opening the folder a second time, makes it throw `DataDirLockedError`.
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

  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      if (owner && isAlive(owner.pid)) throw new DataDirLockedError(dir, owner);
      // Stale (its process is gone) or unreadable (a crash mid-write): remove it and race again.
      try {
        unlinkSync(file);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
      continue;
    }
    try {
      writeSync(fd, JSON.stringify(me));
    } finally {
      closeSync(fd);
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
  const owner = readOwner(file);
  throw owner ? new DataDirLockedError(dir, owner) : new Error(`Could not lock DATA_DIR ${dir}`);
}
