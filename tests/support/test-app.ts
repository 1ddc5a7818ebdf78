import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startOfAll, type AllPosition, type RecordedEvent } from '../../backend/application/ports/event-store';
import { loadConfig } from '../../backend/infrastructure/config/config';
import { compose, type Composition, type CompositionOverrides } from '../../backend/infrastructure/composition-root';
import { openServerDatabase } from '../../backend/infrastructure/database/database';
import { buildApp } from '../../backend/infrastructure/http/app';
import { createLogger } from '../../backend/infrastructure/logging/logger';
import type { AnySlice } from '../../backend/infrastructure/slices/slice';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  url: string;
  app: FastifyInstance;
  services: Composition;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real server on a fresh database, listening on a free port, projections running
 * in-process (unless PROJECTIONS_IN_PROCESS=false leaves them to a worker).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  overrides: Pick<CompositionOverrides, 'ideaGenerator' | 'planGenerator' | 'clock' | 'logger' | 'paymentGateway'> = {},
  /** The product's slices unless given (a test adds a fixture slice: tests/fixtures/note-slice). */
  slices?: readonly AnySlice[],
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'skilly-data-')),
    PORT: '0',
    HOST: '127.0.0.1',
    // Every test client signs up from 127.0.0.1: the sign-up limit is off unless a test sets it.
    SIGNUPS_PER_ADDRESS_PER_HOUR: '0',
    ...env,
  });
  const services = await compose(config, { database: database.handle, logger: createLogger(config.LOG_LEVEL), ...overrides }, slices);
  if (config.PROJECTIONS_IN_PROCESS) await services.runner.start();
  const app = await buildApp(services);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    app,
    services,
    database,
    async close() {
      await app.close();
      await services.runner.stop();
      await database.drop();
    },
  };
}

/** A browser-like HTTP client: keeps its cookies, sends JSON, and reads JSON back. */
/**
 * Another server instance on the first one's database, as a second machine behind a load
 * balancer would be: its own connections (on the server database), its own caches, the
 * projections left to the first. `env` must share the first's SESSION_SECRET.
 */
export async function startSecondInstance(
  first: TestApp,
  env: Record<string, string>,
  overrides: Pick<CompositionOverrides, 'clock'> = {},
): Promise<{ app: FastifyInstance; url: string; close(): Promise<void> }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'skilly-data-')),
    PORT: '0',
    HOST: '127.0.0.1',
    PROJECTIONS_IN_PROCESS: 'false',
    // Every test client signs up from 127.0.0.1: the sign-up limit is off unless a test sets it.
    SIGNUPS_PER_ADDRESS_PER_HOUR: '0',
    ...env,
  });
  const database = first.database.url ? await openServerDatabase(first.database.url) : first.database.handle;
  const services = await compose(config, { database, logger: createLogger('silent'), ...overrides });
  const app = await buildApp(services);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url,
    async close() {
      await app.close();
      if (first.database.url) await services.close();
    },
  };
}

export class Client {
  private cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  get sessionCookie() {
    return this.cookies.get('skilly_session');
  }

  async request(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}, redirect: RequestRedirect = 'follow') {
    const response = await fetch(new URL(pathname, this.baseUrl), {
      method,
      redirect,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...this.headers,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, body: json, text, headers: response.headers, setCookie: response.headers.getSetCookie() };
  }

  get(pathname: string) {
    return this.request('GET', pathname);
  }
  /** A browser's navigation that stops at a redirect: the answer carries `location`. */
  async navigate(pathname: string, headers: Record<string, string> = {}) {
    const answer = await this.request('GET', pathname, undefined, headers, 'manual');
    return { ...answer, location: answer.headers.get('location') };
  }
  post(pathname: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', pathname, body ?? {}, headers);
  }
  put(pathname: string, body?: unknown) {
    return this.request('PUT', pathname, body ?? {});
  }
}

let counter = 0;
export function newMember(overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {}) {
  counter += 1;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${Date.now()}.${counter}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
}

/** How many events of `type` the test app's event store holds. */
export async function eventCount(t: TestApp, type: string): Promise<number> {
  const row = await t.services.database.db
    .selectFrom('events' as never)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('type' as never, '=', type as never)
    .executeTakeFirstOrThrow();
  return Number((row as { n: string }).n);
}

/** Every event committed so far (after `after` when given), in the log's order. */
export async function everyEvent(t: TestApp, after: AllPosition = startOfAll): Promise<RecordedEvent[]> {
  await t.services.eventStore.committedReadable(15_000);
  const events: RecordedEvent[] = [];
  for (;;) {
    const page = await t.services.eventStore.readAll({ after, limit: 1000 });
    if (page.length === 0) return events;
    events.push(...page);
    after = page[page.length - 1].position;
  }
}
