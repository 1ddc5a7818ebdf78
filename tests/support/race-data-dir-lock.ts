import { acquireDataDirLock, DataDirLockedError } from '../../backend/infrastructure/database/data-dir-lock';

// One contender in the lock race of data-dir-lock.int.spec.ts. argv: a JSON list of
// { dir, at } rounds; at each round's instant (ms since the epoch) it tries to take that
// folder's lock and keeps what it got until a second after the last round. Prints the list of folders it won.
const rounds = JSON.parse(process.argv[2]) as { dir: string; at: number }[];
const won: string[] = [];
for (const { dir, at } of rounds) {
  while (Date.now() < at) {
    /* spin: sleeping would smear the start over a timer's granularity */
  }
  try {
    acquireDataDirLock(dir);
    won.push(dir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
  }
}
// Hold every lock won until all contenders are done: a lock is released when its process exits.
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(0, rounds[rounds.length - 1].at + 1_000 - Date.now()));
console.log(JSON.stringify(won));
