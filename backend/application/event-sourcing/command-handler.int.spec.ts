import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import { userDecider, userStreams } from '../../domain/identity/user';
import type { Actor } from '../../domain/shared/actor';
import { commandContext, metadataOf } from './command-context';
import { messageOf } from '../errors/messages';
import { WrongExpectedVersionError, type EventStore } from '../ports/event-store';
import { backoffMs, handleCommand } from './command-handler';

let database: TestDatabase;
let store: PostgresEventStore;
const ids = { next: () => randomUUID() };
const now = new Date('2026-05-04T12:00:00.000Z');
const clock = { now: () => now };
const ada: Actor = { kind: 'user', userId: 'ada', role: 'free' };

beforeAll(async () => {
  database = await createTestDatabase();
  store = new PostgresEventStore(database.handle);
});
afterAll(async () => {
  await database.drop();
});

const registration = (userId: string) => ({
  type: 'RegisterUser' as const,
  data: { userId, firstName: 'Ada', lastName: 'L', email: 'ada@example.com', passwordHash: 'h', role: 'free' as const },
});

describe('the command context', () => {
  it("is the origin's actor, with the request as cause and correlation, at the clock's now", () => {
    expect(commandContext(clock, { actor: ada, requestId: 'req-1' }, 'signup')).toEqual({
      actor: ada,
      correlationId: 'req-1',
      causationId: 'req-1',
      now,
    });
  });

  it('is the named system when the origin has no actor', () => {
    expect(commandContext(clock, { actor: null, requestId: 'req-2' }, 'signup').actor).toEqual({ kind: 'system', name: 'signup' });
  });

  it('gives the domain only who asks and when', () => {
    expect(metadataOf(commandContext(clock, { actor: ada, requestId: 'r' }, 'x'))).toEqual({ actor: ada, now });
  });
});

describe('handleCommand', () => {
  it('stamps the command and every appended event with the one context', async () => {
    const userId = randomUUID();
    const ctx = commandContext(clock, { actor: null, requestId: 'req-signup' }, 'signup');
    const outcome = await handleCommand({ eventStore: store, ids }, userDecider, userStreams.name(userId), () => registration(userId), ctx);
    expect(outcome.newEvents.map((e) => e.type)).toEqual(['UserRegistered']);
    const [recorded] = await store.readStream(userStreams.name(userId));
    expect(recorded).toMatchObject({
      type: 'UserRegistered',
      schemaVersion: 1,
      streamVersion: 0,
      actor: { kind: 'system', name: 'signup' },
      causationId: 'req-signup',
      correlationId: 'req-signup',
    });
    expect(recorded.occurredAt.toISOString()).toBe(now.toISOString());
  });

  it("lets the decider judge the context's actor: a member may not open an account", async () => {
    const userId = randomUUID();
    const ctx = commandContext(clock, { actor: ada, requestId: 'req' }, 'signup');
    await expect(
      handleCommand({ eventStore: store, ids }, userDecider, userStreams.name(userId), () => registration(userId), ctx),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect(await store.readStream(userStreams.name(userId))).toEqual([]);
  });

  it('runs the cycle again after a lost race, and refuses with a 409 conflict, not a crash, once every attempt lost', async () => {
    const userId = randomUUID();
    let appends = 0;
    // Another writer gets there first every time.
    const alwaysBeaten = {
      readStream: (stream: string) => store.readStream(stream),
      async append(stream: string) {
        appends += 1;
        throw new WrongExpectedVersionError(stream, 'no_stream', 0);
      },
    } as Partial<EventStore> as EventStore;
    const ctx = commandContext(clock, { actor: null, requestId: 'req' }, 'signup');
    const refused = await handleCommand({ eventStore: alwaysBeaten, ids }, userDecider, `plan-${userId}`, () => registration(userId), ctx, {
      maxAttempts: 4,
    }).catch((error: unknown) => error);
    expect(appends).toBe(4);
    expect(refused).toMatchObject({ code: 'concurrent_change', kind: 'conflict', data: { category: 'plan' } });
    expect(messageOf(refused as never)).toBe('The plan changed meanwhile. Please reload it and try again.');
  });

  it('pauses a random while after a lost race, growing with each loss up to a tenth of a second', () => {
    expect(backoffMs(1, () => 0)).toBe(0);
    expect(backoffMs(1, () => 0.999)).toBeLessThan(2);
    expect(backoffMs(4, () => 0.5)).toBe(8);
    expect(backoffMs(30, () => 0.999)).toBeLessThan(100);
    expect(backoffMs(30, () => 0.999)).toBeGreaterThan(99);
  });
});
