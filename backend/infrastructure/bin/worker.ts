import { compose } from '../composition-root';
import { configOrExit, stopOnSignals } from './server';

/**
 * Runs the projections (and the process managers they feed: credit compensation, billing role
 * checks, the erasure of late writes, the SMTP delivery of the outbox) in their own process. Start the web servers with
 * PROJECTIONS_IN_PROCESS=false so they leave the projections to this worker.
 */
const services = await compose(configOrExit());
await services.runner.start();
services.startBackground();
services.logger.info({ projections: services.runner.projections.map((p) => p.name) }, 'projection worker running');
stopOnSignals(() => services.close());
