import type { FastifyInstance } from 'fastify';
import { loadConfig, ConfigError, type Config } from '../config/config';
import { bootstrapAdmin, compose, type Composition } from '../composition-root';
import { buildApp } from '../http/app';
import { schedulePruning } from '../../application/identity/housekeeping';

export interface RunningServer {
  app: FastifyInstance;
  services: Composition;
  url: string;
  stop(): Promise<void>;
}

/** Opens everything, brings the read models up to date, bootstraps the admin and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const services = await compose(config);
  await services.runner.catchUpAll();
  await bootstrapAdmin(services);
  if (config.PROJECTIONS_IN_PROCESS) {
    await services.runner.start();
    services.startBackground();
  }
  const app = await buildApp(services);
  const url = await app.listen({ port: config.PORT, host: config.HOST });
  services.logger.info(config.NODE_ENV === 'production' ? { url } : { url, docs: `${url}/api/docs` }, 'Skilly is listening');
  // Spent sessions, reset tokens, throttle attempts and sent emails are deleted hourly.
  const log = services.logger.child({ component: 'housekeeping' });
  const pruning = schedulePruning(services.database.db, {
    now: () => services.clock.now(),
    onPruned: (counts) => log.debug(counts, 'pruned spent records'),
    onError: (error) => log.warn({ err: error }, 'pruning failed; retried at the next run'),
  });
  let stopping: Promise<void> | undefined;
  return {
    app,
    services,
    url,
    stop() {
      stopping ??= (async () => {
        await pruning.stop();
        await closeGracefully(app, config.SHUTDOWN_GRACE_SECONDS * 1000, services.logger);
        await services.close();
      })();
      return stopping;
    },
  };
}

/**
 * Stops listening at once (a load balancer's next connection goes elsewhere; a request on a
 * kept-alive connection is answered 503 and the connection closed), lets the requests in flight
 * finish (idea streams run to their end), and after `graceMs` closes the connections still
 * open, so a stuck client cannot hold a deployment.
 */
async function closeGracefully(app: FastifyInstance, graceMs: number, logger: Composition['logger']) {
  const closed = app.close();
  // A kept-alive connection that finishes its request after the close began would otherwise
  // stay open until its keep-alive timeout: close each as soon as it is idle.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const late = await Promise.race([
    closed.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), graceMs);
    }),
  ]);
  clearTimeout(timer);
  clearInterval(sweep);
  if (late) {
    logger.warn({ graceMs }, 'requests still in flight after the shutdown grace: closing their connections');
    app.server.closeAllConnections();
    await closed;
  }
}

export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

/**
 * SIGTERM or SIGINT stops the process gracefully (`stop`), exiting 0 once it has; a second
 * signal exits at once with 1.
 */
export function stopOnSignals(stop: () => Promise<void>) {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      stopping = true;
      stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}
