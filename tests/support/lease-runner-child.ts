/**
 * A projection worker of its own, as a second machine would run one: the counting projection,
 * slowly, followed live with the PostgreSQL advisory leases. Prints `applying <event id>` for
 * each event it applies. Usage: node --import tsx lease-runner-child.ts <database url>
 */
import { openServerDatabase } from '../../backend/infrastructure/database/database';
import { PostgresEventStore } from '../../backend/infrastructure/event-store/postgres-event-store';
import { ProjectionRunner } from '../../backend/projections/runner/projection-runner';
import { countingProjection } from './counting-projection';

const handle = await openServerDatabase(process.argv[2]!);
const counting = countingProjection(async () => {
  await new Promise((resolve) => setTimeout(resolve, 5));
});
const projection = {
  ...counting,
  apply: async (...args: Parameters<typeof counting.apply>) => {
    process.stdout.write(`applying ${args[1].eventId}\n`);
    await counting.apply(...args);
  },
};
const runner = new ProjectionRunner(handle.db, new PostgresEventStore(handle), [projection], { info() {}, error() {} }, {
  batchSize: 25,
  leases: handle.projectionLeases(),
  standbyPollMs: 100,
});
await runner.start();
process.stdout.write('started\n');
process.once('SIGTERM', () => {
  void runner.stop().then(() => handle.close()).then(() => process.exit(0));
});
