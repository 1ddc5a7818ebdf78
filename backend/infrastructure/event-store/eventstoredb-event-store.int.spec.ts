import { EventStoreDBClient, FORWARDS, START } from '@eventstore/db-client';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { eventStoreContract } from '../../../tests/support/event-store-contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

/**
 * Runs the event store contract against EventStoreDB: the server named by
 * EVENTSTORE_CONNECTION_STRING, or else a throwaway `eventstore/eventstore` container started with
 * testcontainers. Without either (no container runtime), the contract is reported as skipped with
 * the reason, never as passed.
 */

const IMAGE = 'eventstore/eventstore:24.10';
const CONTAINER_START_TIMEOUT_MS = 180_000;
const READY_TIMEOUT_MS = 60_000;

interface Server {
  connectionString: string;
  where: string;
  stop: () => Promise<void>;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function startContainer(): Promise<Server> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await withTimeout(
    new GenericContainer(IMAGE)
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_RUN_PROJECTIONS: 'None',
        EVENTSTORE_MEM_DB: 'true',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((status) => status >= 200 && status < 300))
      .start(),
    CONTAINER_START_TIMEOUT_MS,
    `Starting ${IMAGE}`,
  );
  return {
    connectionString: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    where: `a ${IMAGE} container`,
    stop: async () => {
      await container.stop();
    },
  };
}

/** The node answers reads (it may report live before it has become leader). */
async function waitUntilReady(connectionString: string): Promise<void> {
  const client = EventStoreDBClient.connectionString(connectionString);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    for (;;) {
      try {
        for await (const _ of client.readAll({ fromPosition: START, direction: FORWARDS, maxCount: 1 })) break;
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  } finally {
    await client.dispose();
  }
}

async function findServer(): Promise<{ server: Server } | { skipped: string }> {
  const configured = process.env.EVENTSTORE_CONNECTION_STRING;
  // A configured server must work: failing to reach it fails the suite instead of skipping it.
  if (configured) return { server: { connectionString: configured, where: 'EVENTSTORE_CONNECTION_STRING', stop: async () => {} } };
  try {
    const server = await startContainer();
    try {
      await waitUntilReady(server.connectionString);
    } catch (error) {
      await server.stop().catch(() => {});
      throw error;
    }
    return { server };
  } catch (error) {
    return {
      skipped: `no EVENTSTORE_CONNECTION_STRING and no EventStoreDB container (${(error as Error).message})`,
    };
  }
}

const found = await findServer();

if ('skipped' in found) {
  console.warn(`EventStoreDB contract skipped: ${found.skipped}`);
  describe('EventStoreDB event store', () => {
    it.skip(`EventStoreDB contract skipped: ${found.skipped}`, () => {});
  });
} else {
  const { server } = found;
  let store: EventStoreDbEventStore;

  beforeAll(async () => {
    if (server.where === 'EVENTSTORE_CONNECTION_STRING') await waitUntilReady(server.connectionString);
    store = new EventStoreDbEventStore(server.connectionString);
  }, READY_TIMEOUT_MS + 30_000);
  afterAll(async () => {
    await store?.close();
    await server.stop();
  });

  describe(`EventStoreDB event store on ${server.where}`, () => {
    eventStoreContract(() => ({ store }));
  });
}
