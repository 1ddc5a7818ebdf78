import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { EventStore, RecordedEvent } from '../../backend/application/ports/event-store';
import { systemActor } from '../../backend/domain/shared/actor';
import { startOfAll } from '../../backend/application/ports/event-store';
import { ScriptedIdeaGenerator, streamMessages } from '../support/scripted-idea-generator';
import { Client, newMember, startTestApp } from '../support/test-app';

/**
 * A realistic event history, fast: two members' journeys are recorded once through the real
 * server (sign-up, sign-in and out, an idea set, a plan with done tasks, help and a next
 * milestone, a paid upgrade, the credit ledger all of that moved), then cloned with fresh ids
 * and appended stream by stream until the store holds the number of events asked for.
 */
export async function recordJourneys(): Promise<RecordedEvent[]> {
  const t = await startTestApp({}, { ideaGenerator: new ScriptedIdeaGenerator() });
  try {
    for (const tier of ['free', 'pro'] as const) {
      const member = newMember();
      const c = new Client(t.url);
      const signup = await c.post('/api/auth/signup', member);
      expect(signup.status).toBe(201);
      if (tier === 'pro') {
        const upgrade = await t.services.identity.changeRole(signup.body.user.id, 'pro', 'Paid subscription', { actor: systemActor('test'), requestId: 'seed' });
        await t.services.progress.waitFor(upgrade.position!, 10_000);
      }
      const done = streamMessages((await c.post('/api/generate-ideas-stream', { skill: 'Pottery' })).text).at(-1);
      expect(done).toMatchObject({ done: true });
      const set = ((await c.get('/api/idea-sets')).body as { id: string; ideas: any[] }[]).find((s) => s.id === done.ideaSetId)!;
      const idea = set.ideas[0];
      const plan = await c.post('/api/plans/generate', { ideaTitle: idea.title, ideaDescription: idea.description, category: idea.category, ideaId: idea.id });
      expect(plan.status, JSON.stringify(plan.body)).toBe(201);
      const shown = (await c.get(`/api/plans/${plan.body.planId}`)).body;
      const tasks = shown.milestones[0].tasks as { id: string }[];
      expect((await c.post(`/api/tasks/${tasks[0].id}/help`)).status).toBe(200);
      for (const task of tasks) expect((await c.request('PATCH', `/api/tasks/${task.id}/toggle`, { completed: true })).status).toBe(200);
      expect((await c.post(`/api/plans/${plan.body.planId}/generate-next-milestone`)).status).toBe(200);
      expect((await c.post('/api/auth/logout')).status).toBeLessThan(300);
      expect((await c.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);
    }
    const head = await t.services.eventStore.headPosition();
    return await t.services.eventStore.readAll({ after: startOfAll, limit: 100_000 }).then((events) => {
      expect(events.at(-1)?.position).toEqual(head);
      return events;
    });
  } finally {
    await t.close();
  }
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const HEX64 = /\b[0-9a-f]{64}\b/g;
const EMAIL = /ada\.[0-9]+\.[0-9]+@example\.com/g;

/**
 * The journeys again with every id, email and hash replaced by a fresh one (the same within one
 * copy), as appends: consecutive events of one stream together, in the recorded global order.
 */
function cloneOf(template: RecordedEvent[], copy: number) {
  const fresh = new Map<string, string>();
  const swap = (text: string) =>
    text
      .replace(UUID, (id) => fresh.get(id) ?? (fresh.set(id, randomUUID()), fresh.get(id)!))
      .replace(HEX64, (hex) => fresh.get(hex) ?? (fresh.set(hex, randomBytes(32).toString('hex')), fresh.get(hex)!))
      .replace(EMAIL, (email) => `copy${copy}.${email}`);
  const appends: { stream: string; events: RecordedEvent[] }[] = [];
  for (const event of template) {
    const stream = swap(event.streamName);
    const cloned = { ...event, eventId: randomUUID(), streamName: stream, actor: JSON.parse(swap(JSON.stringify(event.actor))), data: JSON.parse(swap(JSON.stringify(event.data))) };
    if (appends.at(-1)?.stream === stream) appends.at(-1)!.events.push(cloned);
    else appends.push({ stream, events: [cloned] });
  }
  return appends;
}

/**
 * Appends copies of `template` until at least `total` events are stored, each copy in the
 * recorded order (actors and times as recorded); `parallel` copies are appended at once.
 */
export async function seedEvents(store: EventStore, template: RecordedEvent[], total: number, parallel = 8): Promise<number> {
  const copies = Math.ceil(total / template.length);
  let next = 0;
  const worker = async () => {
    for (let copy = next++; copy < copies; copy = next++) {
      for (const { stream, events } of cloneOf(template, copy)) {
        const first = events[0];
        await store.append(
          stream,
          events.map((event) => ({ id: event.eventId, type: event.type, schemaVersion: event.schemaVersion, data: event.data })),
          { expectedVersion: 'any', actor: first.actor, occurredAt: first.occurredAt, causationId: first.causationId, correlationId: first.correlationId },
        );
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return copies * template.length;
}
