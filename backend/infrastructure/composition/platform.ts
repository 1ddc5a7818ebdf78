import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { upcastEvent, upcasters, withUpcasting } from '../../application/event-sourcing/upcasting';
import type { EventStore } from '../../application/ports/event-store';
import type { ProjectionProgress } from '../../application/ports/projection-progress';
import type { FileStore } from '../../application/ports/file-store';
import type { Clock, PasswordHasher } from '../../application/ports/system';
import type { Projection } from '../../projections/runner/projection';
import type { ReadModel } from '../../projections/runner/read-model';
import { CheckpointPollingProgress } from '../../projections/runner/checkpoint-polling-progress';
import { inlineProjector, ReadModelsBehind, type AppendProjector } from '../../projections/runner/inline-projections';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import type { Config } from '../config/config';
import { acquireDataDirLock } from '../database/data-dir-lock';
import { createPGlite, openEmbeddedDatabase, openServerDatabase, type DatabaseHandle } from '../database/database';
import { migrateToLatest } from '../database/migrations';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { localFileStore } from '../files/local-file-store';
import { createLogger, readableLogs } from '../logging/logger';
import { argon2Hasher, outboxMailer, systemClock, uuidGenerator } from '../system/system-adapters';
import { createPictureUploads } from '../../application/pictures/picture-uploads';
import { sharpPictureEncoder } from '../files/sharp-picture-encoder';

export interface PlatformOverrides {
  logger?: Logger;
  /** An already-open database (tests). */
  database?: DatabaseHandle;
  passwordHasher?: PasswordHasher;
  /** The time source (tests move it past a month's end or a deadline). */
  clock?: Clock;
  /** Where uploads go (tests may keep them in memory); default `DATA_DIR/files`. */
  fileStore?: FileStore;
}

/**
 * What every bounded context is built from: configuration, logging, the database migrated with
 * the slices' read models, the event store, the system adapters, and the projection runner (over
 * the slices' projections) with the progress that read-your-writes waits on.
 */
export async function openPlatform(
  config: Config,
  overrides: PlatformOverrides,
  allProjections: readonly Projection[],
  readModels: readonly ReadModel[],
) {
  const logger = overrides.logger ?? createLogger(config.LOG_LEVEL, undefined, { readable: readableLogs(config.NODE_ENV) });
  const database = overrides.database ?? (await openDatabase(config, logger));
  await migrateToLatest(database.db, readModels);
  // The appends this process makes that leave a member-facing read model to the runner: what
  // read-your-writes waits for (none on EventStoreDB, where every read model follows the runner).
  const behind = config.EVENTSTORE_CONNECTION_STRING ? undefined : new ReadModelsBehind();
  const projector = behind && inlineProjector(allProjections, behind, (event) => upcastEvent(event, upcasters));
  const eventStore = withUpcasting(await openEventStore(config, database, logger, projector), upcasters);
  const clock = overrides.clock ?? systemClock;
  const runner = new ProjectionRunner(database.db, eventStore, allProjections, logger.child({ component: 'projections' }), {
    leases: database.projectionLeases(),
    behind,
  });
  const progress: ProjectionProgress = config.PROJECTIONS_IN_PROCESS
    ? runner
    : new CheckpointPollingProgress(database.db, allProjections, undefined, behind);
  const frontendDir = path.resolve(import.meta.dirname, '../../../frontend/dist');
  return {
    config,
    logger,
    database,
    eventStore,
    clock,
    ids: uuidGenerator,
    hasher: overrides.passwordHasher ?? argon2Hasher,
    files: overrides.fileStore ?? localFileStore(path.resolve(config.DATA_DIR, 'files')),
    /** Every uploaded picture (profile, founder, blog): its rate, pixel budget and decoders (issue 48). */
    pictures: createPictureUploads({ db: database.db, clock, encoder: sharpPictureEncoder() }),
    mailer: outboxMailer(database.db, logger, clock, { logBodies: config.NODE_ENV === 'development' }),
    runner,
    progress,
    cookieSecret: cookieSecret(config),
    /** Built frontend to serve, if any. */
    frontendDir: existsSync(frontendDir) ? frontendDir : undefined,
  };
}

export type Platform = Awaited<ReturnType<typeof openPlatform>>;

export async function openDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) {
    logger.info('using the PostgreSQL server at DATABASE_URL');
    return openServerDatabase(config.DATABASE_URL);
  }
  logger.info({ dataDir: path.resolve(config.DATA_DIR) }, 'using embedded PostgreSQL (PGlite); set DATABASE_URL for a server');
  // One process per data folder: a second one opening the same PGlite files destroys them.
  const lock = acquireDataDirLock(config.DATA_DIR);
  try {
    const handle = await openEmbeddedDatabase(await createPGlite({ dataDir: config.DATA_DIR }));
    return {
      ...handle,
      async close() {
        try {
          await handle.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openEventStore(config: Config, database: DatabaseHandle, logger: Logger, projector: AppendProjector | undefined): Promise<EventStore> {
  if (config.EVENTSTORE_CONNECTION_STRING) {
    const { EventStoreDbEventStore } = await import('../event-store/eventstoredb-event-store');
    logger.info('event store: EventStoreDB');
    return new EventStoreDbEventStore(config.EVENTSTORE_CONNECTION_STRING);
  }
  return new PostgresEventStore(database, { projector });
}

/**
 * The cookie-signing secrets, the one that signs first: SESSION_SECRET (with
 * SESSION_SECRET_PREVIOUS after it while rotating), else one generated once into DATA_DIR.
 */
function cookieSecret(config: Config): string[] {
  if (config.SESSION_SECRET) return [config.SESSION_SECRET, ...(config.SESSION_SECRET_PREVIOUS ? [config.SESSION_SECRET_PREVIOUS] : [])];
  return [generatedSecret(config)];
}

function generatedSecret(config: Config): string {
  const file = path.resolve(config.DATA_DIR, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
