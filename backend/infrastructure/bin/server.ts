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
    services.compensation.start();
    services.billingSweeper.start();
    services.erasureSweeper.start();
    services.emailSender.start();
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
        await app.close();
        await services.close();
      })();
      return stopping;
    },
  };
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

export function stopOnSignals(stop: () => Promise<void>) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
