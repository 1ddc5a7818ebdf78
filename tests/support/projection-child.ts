/**
 * Runs the counting projection in its own process, slowly, so a test can kill it with
 * SIGKILL in the middle of a batch. Usage: node --import tsx projection-child.ts <database url>
 */
import { openServerDatabase } from '../../backend/infrastructure/database/database';
import { PostgresEventStore } from '../../backend/infrastructure/event-store/postgres-event-store';
import { ProjectionRunner } from '../../backend/projections/runner/projection-runner';
import { countingProjection } from './counting-projection';

const handle = await openServerDatabase(process.argv[2]);
const projection = countingProjection(async (index) => {
  process.stdout.write(`applying ${index}\n`);
  await new Promise((r) => setTimeout(r, 10));
});
const runner = new ProjectionRunner(handle.db, new PostgresEventStore(handle), [projection], console, { batchSize: 50 });
await runner.catchUp(projection);
process.stdout.write('done\n');
