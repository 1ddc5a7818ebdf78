import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../../backend/infrastructure/event-store/postgres-event-store';
import { readCheckpoint } from '../../backend/projections/runner/checkpoints';
import { countedApplications, createCountingTable } from '../support/counting-projection';
import { createTestDatabase, usingServer, type TestDatabase } from '../support/database';
import { testAppendContext as ctx } from '../support/append-context';


/** A worker process and the events it says it applied. */
interface Worker {
  process: ChildProcess;
  applied: string[];
}

// Workers in processes of their own share one database: the PostgreSQL server.
describe.skipIf(!usingServer())('one active runner per projection across worker processes', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  const workers: Worker[] = [];

  const startWorker = async (): Promise<Worker> => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/lease-runner-child.ts', database.url!], { stdio: ['ignore', 'pipe', 'inherit'] });
    const worker: Worker = { process: child, applied: [] };
    workers.push(worker);
    let buffered = '';
    child.stdout!.setEncoding('utf8');
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) {
          if (line === 'started') resolve();
          if (line.startsWith('applying ')) worker.applied.push(line.slice('applying '.length));
        }
      });
      child.once('exit', (code) => reject(new Error(`a worker exited with ${code} before starting`)));
    });
    return worker;
  };

  const appendCounted = async (count: number): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 10) {
      const events = Array.from({ length: Math.min(10, count - i) }, () => ({ id: randomUUID(), type: 'Counted', schemaVersion: 1, data: {} }));
      await store.append(`counted-${randomUUID()}`, events, ctx);
      ids.push(...events.map((e) => e.id));
    }
    return ids;
  };

  /** Every id counted (each once, or the test fails on the counts), and the checkpoint at the head. */
  const projected = async (ids: string[]) => {
    await expect
      .poll(async () => (await countedApplications(database.handle.db)).size, { timeout: 60_000, interval: 200 })
      .toBe(ids.length);
    const head = await store.headPosition();
    await expect.poll(async () => readCheckpoint(database.handle.db, 'counting'), { timeout: 10_000, interval: 100 }).toEqual(head);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore(database.handle);
    await createCountingTable(database.handle.db);
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.process.exitCode === null) worker.process.kill('SIGKILL');
    await database.drop();
  });

  it('two workers apply every event once, as one worker would; the standby takes over when the active one is killed', async () => {
    const [first, second] = await Promise.all([startWorker(), startWorker()]);
    const ids = await appendCounted(200);
    await projected(ids);

    // As a single worker: one row per event, each applied once, the checkpoint at the newest event.
    const counts = await countedApplications(database.handle.db);
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    expect([...counts.values()].every((applications) => applications === 1)).toBe(true);
    // One of the two held the lease and did all the work; the other only waited.
    const active = first!.applied.length > 0 ? first! : second!;
    const standby = active === first ? second! : first!;
    expect(active.applied).toHaveLength(ids.length);
    expect(standby.applied).toEqual([]);

    // The active worker dies (no chance to release anything): the standby takes the projection over.
    const killed = new Promise((resolve) => active.process.once('exit', resolve));
    active.process.kill('SIGKILL');
    await killed;
    const more = await appendCounted(100);
    await projected([...ids, ...more]);
    const after = await countedApplications(database.handle.db);
    expect([...after.values()].every((applications) => applications === 1)).toBe(true);
    expect(standby.applied.sort()).toEqual([...more].sort());
  }, 120_000);
});
