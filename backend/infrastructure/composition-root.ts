import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Container } from 'inversify';
import type { Logger } from 'pino';
import { createIdentityService, type IdentityService } from '../application/identity/identity-service';
import { createCreditsService, type CreditsService } from '../application/credits/credits-service';
import { createIdeaSetsService, type IdeaSetsService } from '../application/ideas/idea-sets-service';
import { createIdeaGenerationService, type IdeaGenerationService } from '../application/ideas/idea-generation';
import type { IdeaGenerator } from '../application/ports/idea-generator';
import { upcasters, withUpcasting } from '../application/event-sourcing/upcasting';
import type { EventStore } from '../application/ports/event-store';
import type { ProjectionProgress } from '../application/ports/projection-progress';
import type { Clock, IdGenerator, Mailer, PasswordHasher } from '../application/ports/system';
import { allProjections } from '../projections/registry';
import { CheckpointPollingProgress } from '../projections/runner/checkpoint-polling-progress';
import { ProjectionRunner } from '../projections/runner/projection-runner';
import { createSpendCompensation, type SpendCompensation } from '../application/credits/spend-compensation';
import type { Config } from './config/config';
import { createPGlite, openEmbeddedDatabase, openServerDatabase, type DatabaseHandle } from './database/database';
import { acquireDataDirLock } from './database/data-dir-lock';
import { migrateToLatest } from './database/migrations';
import { PostgresEventStore } from './event-store/postgres-event-store';
import { OfflineIdeaGenerator } from './ai/offline-idea-generator';
import { OpenAiIdeaGenerator } from './ai/openai-idea-generator';
import type { AppServices } from './http/services';
import { createLogger } from './logging/logger';
import { argon2Hasher, outboxMailer, systemClock, uuidGenerator } from './system/system-adapters';

/** Service identifiers of the one container. */
export const TOKENS = {
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  Database: Symbol.for('Database'),
  EventStore: Symbol.for('EventStore'),
  Clock: Symbol.for('Clock'),
  IdGenerator: Symbol.for('IdGenerator'),
  PasswordHasher: Symbol.for('PasswordHasher'),
  Mailer: Symbol.for('Mailer'),
  IdentityService: Symbol.for('IdentityService'),
  CreditsService: Symbol.for('CreditsService'),
  IdeaSetsService: Symbol.for('IdeaSetsService'),
  IdeaGenerator: Symbol.for('IdeaGenerator'),
  IdeaGenerationService: Symbol.for('IdeaGenerationService'),
  ProjectionRunner: Symbol.for('ProjectionRunner'),
  ProjectionProgress: Symbol.for('ProjectionProgress'),
} as const;

export interface Composition extends AppServices {
  container: Container;
  /** Refunds credits whose work was never recorded; runs where the projections run. */
  compensation: SpendCompensation;
  close(): Promise<void>;
}

export interface CompositionOverrides {
  logger?: Logger;
  /** An already-open database (tests). */
  database?: DatabaseHandle;
  passwordHasher?: PasswordHasher;
  /** The AI adapter for idea generation (tests record prompts or script failures with it). */
  ideaGenerator?: IdeaGenerator;
  /** The time source (tests move it past a month's end or a deadline). */
  clock?: Clock;
}

async function openDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
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

async function openEventStore(config: Config, database: DatabaseHandle, logger: Logger): Promise<EventStore> {
  if (config.EVENTSTORE_CONNECTION_STRING) {
    const { EventStoreDbEventStore } = await import('./event-store/eventstoredb-event-store');
    logger.info('event store: EventStoreDB');
    return new EventStoreDbEventStore(config.EVENTSTORE_CONNECTION_STRING);
  }
  return new PostgresEventStore(database);
}

/** OpenAI (or any compatible server) when a key is configured, else the built-in offline generator. */
function chooseIdeaGenerator(config: Config, logger: Logger): IdeaGenerator {
  const log = logger.child({ component: 'ai' });
  if (config.OPENAI_API_KEY) {
    log.info({ baseURL: config.OPENAI_BASE_URL ?? 'https://api.openai.com/v1' }, 'idea generation: OpenAI');
    const generator = new OpenAiIdeaGenerator({
      apiKey: config.OPENAI_API_KEY,
      baseURL: config.OPENAI_BASE_URL,
      log: { info: (message) => log.info(message), warn: (message) => log.warn(message) },
    });
    // Warns at start when the base URL answers 404 (no /v1?) or the key is refused; never blocks start.
    void generator.checkProvider();
    return generator;
  }
  log.info('idea generation: offline generator (no OPENAI_API_KEY): ideas come from a built-in catalogue, not an AI model');
  return new OfflineIdeaGenerator({ log: (message) => log.info(message) });
}

/** A stable cookie-signing secret: SESSION_SECRET, else one generated once into DATA_DIR. */
function cookieSecret(config: Config): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.resolve(config.DATA_DIR, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The composition root: the only place that knows which adapter implements which port.
 * Opens the database, migrates it, and wires the container.
 */
export async function compose(config: Config, overrides: CompositionOverrides = {}): Promise<Composition> {
  const logger = overrides.logger ?? createLogger(config.LOG_LEVEL);
  const database = overrides.database ?? (await openDatabase(config, logger));
  await migrateToLatest(database.db);
  const eventStore = withUpcasting(await openEventStore(config, database, logger), upcasters);

  const container = new Container({ defaultScope: 'Singleton' });
  container.bind<Config>(TOKENS.Config).toConstantValue(config);
  container.bind<Logger>(TOKENS.Logger).toConstantValue(logger);
  container.bind<DatabaseHandle>(TOKENS.Database).toConstantValue(database);
  container.bind<EventStore>(TOKENS.EventStore).toConstantValue(eventStore);
  container.bind<Clock>(TOKENS.Clock).toConstantValue(overrides.clock ?? systemClock);
  container.bind<IdGenerator>(TOKENS.IdGenerator).toConstantValue(uuidGenerator);
  container.bind<PasswordHasher>(TOKENS.PasswordHasher).toConstantValue(overrides.passwordHasher ?? argon2Hasher);
  container
    .bind<Mailer>(TOKENS.Mailer)
    .toDynamicValue((ctx) =>
      outboxMailer(ctx.get<DatabaseHandle>(TOKENS.Database).db, ctx.get<Logger>(TOKENS.Logger), ctx.get<Clock>(TOKENS.Clock), {
        logBodies: config.NODE_ENV === 'development',
      }),
    );
  container.bind<IdentityService>(TOKENS.IdentityService).toDynamicValue((ctx) =>
    createIdentityService({
      db: ctx.get<DatabaseHandle>(TOKENS.Database).db,
      eventStore: ctx.get<EventStore>(TOKENS.EventStore),
      ids: ctx.get<IdGenerator>(TOKENS.IdGenerator),
      clock: ctx.get<Clock>(TOKENS.Clock),
      hasher: ctx.get<PasswordHasher>(TOKENS.PasswordHasher),
      mailer: ctx.get<Mailer>(TOKENS.Mailer),
      publicUrl: config.PUBLIC_URL,
    }),
  );
  container.bind<CreditsService>(TOKENS.CreditsService).toDynamicValue((ctx) =>
    createCreditsService({
      eventStore: ctx.get<EventStore>(TOKENS.EventStore),
      ids: ctx.get<IdGenerator>(TOKENS.IdGenerator),
      clock: ctx.get<Clock>(TOKENS.Clock),
    }),
  );
  container.bind<IdeaSetsService>(TOKENS.IdeaSetsService).toDynamicValue((ctx) =>
    createIdeaSetsService({
      eventStore: ctx.get<EventStore>(TOKENS.EventStore),
      ids: ctx.get<IdGenerator>(TOKENS.IdGenerator),
      clock: ctx.get<Clock>(TOKENS.Clock),
    }),
  );
  container
    .bind<IdeaGenerator>(TOKENS.IdeaGenerator)
    .toDynamicValue((ctx) => overrides.ideaGenerator ?? chooseIdeaGenerator(config, ctx.get<Logger>(TOKENS.Logger)));
  container.bind<IdeaGenerationService>(TOKENS.IdeaGenerationService).toDynamicValue((ctx) =>
    createIdeaGenerationService({
      db: ctx.get<DatabaseHandle>(TOKENS.Database).db,
      eventStore: ctx.get<EventStore>(TOKENS.EventStore),
      ids: ctx.get<IdGenerator>(TOKENS.IdGenerator),
      clock: ctx.get<Clock>(TOKENS.Clock),
      generator: ctx.get<IdeaGenerator>(TOKENS.IdeaGenerator),
      progress: ctx.get<ProjectionProgress>(TOKENS.ProjectionProgress),
      credits: ctx.get<CreditsService>(TOKENS.CreditsService),
      ideaSets: ctx.get<IdeaSetsService>(TOKENS.IdeaSetsService),
      trialGenerationsPerDay: config.TRIAL_GENERATIONS_PER_DAY,
      log: ctx.get<Logger>(TOKENS.Logger).child({ component: 'idea-generation' }),
    }),
  );
  container.bind<ProjectionRunner>(TOKENS.ProjectionRunner).toDynamicValue(
    (ctx) =>
      new ProjectionRunner(
        ctx.get<DatabaseHandle>(TOKENS.Database).db,
        ctx.get<EventStore>(TOKENS.EventStore),
        allProjections,
        ctx.get<Logger>(TOKENS.Logger).child({ component: 'projections' }),
      ),
  );
  container.bind<ProjectionProgress>(TOKENS.ProjectionProgress).toDynamicValue((ctx) =>
    config.PROJECTIONS_IN_PROCESS
      ? ctx.get<ProjectionRunner>(TOKENS.ProjectionRunner)
      : new CheckpointPollingProgress(ctx.get<DatabaseHandle>(TOKENS.Database).db, allProjections),
  );

  const runner = container.get<ProjectionRunner>(TOKENS.ProjectionRunner);
  // Started wherever the projections run (the server in-process, or the worker).
  const compensation = createSpendCompensation({
    db: database.db,
    eventStore,
    credits: container.get<CreditsService>(TOKENS.CreditsService),
    clock: container.get<Clock>(TOKENS.Clock),
    log: logger.child({ component: 'compensation' }),
  });
  const frontendDir = path.resolve(import.meta.dirname, '../../frontend/dist');
  return {
    container,
    config,
    logger,
    database,
    eventStore,
    clock: container.get<Clock>(TOKENS.Clock),
    identity: container.get<IdentityService>(TOKENS.IdentityService),
    credits: container.get<CreditsService>(TOKENS.CreditsService),
    ideaSets: container.get<IdeaSetsService>(TOKENS.IdeaSetsService),
    ideaGeneration: container.get<IdeaGenerationService>(TOKENS.IdeaGenerationService),
    aiStatus: () => {
      const generator = container.get<IdeaGenerator>(TOKENS.IdeaGenerator);
      return generator instanceof OpenAiIdeaGenerator
        ? generator.status()
        : { generator: generator.kind, baseURL: null, startupCheck: null, lastCall: null };
    },
    progress: container.get<ProjectionProgress>(TOKENS.ProjectionProgress),
    runner,
    compensation,
    cookieSecret: cookieSecret(config),
    frontendDir: existsSync(frontendDir) ? frontendDir : undefined,
    async close() {
      await compensation.stop();
      await runner.stop();
      await eventStore.close();
      await database.close();
    },
  };
}

/**
 * Start-up admin: ADMIN_EMAIL/ADMIN_PASSWORD create or promote that admin; with neither
 * set and no account at all, an admin with a random password is created and printed once.
 */
export async function bootstrapAdmin(services: Composition): Promise<void> {
  const { config, identity, logger } = services;
  const origin = { actor: null, requestId: 'startup' };
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const { created } = await identity.ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD, origin);
    logger.info({ email: config.ADMIN_EMAIL }, created ? 'admin account created' : 'admin account ensured');
    return;
  }
  if (await identity.hasAnyUser()) return;
  const email = 'admin@skilly.local';
  const password = randomBytes(12).toString('base64url');
  await identity.ensureAdmin(email, password, origin);
  // Not under a `password` key: the logger redacts those, and this one must be shown once.
  logger.warn({ email, initialPassword: password }, 'created the first admin account; this password is shown only once');
}
