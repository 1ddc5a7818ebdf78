import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportSchema } from '../../backend/application/contracts/account';
import { ticketStream } from '../../backend/domain/support/ticket';
import { memberWithData, personalTexts, staffMember, type MemberWithData } from '../support/member-data';
import { Client, startTestApp, type TestApp } from '../support/test-app';

/**
 * The personal data export (issue 31, "Done when": the export of a member contains every one of
 * the items the erasure test erases, before deletion): one JSON download of the member's profile,
 * idea sets, plans with their history, tickets with their messages, credit statement,
 * subscription and payments, and nothing of anyone else (the support team's replies are the
 * support team's, never a staff member's name or email).
 */

let t: TestApp;
let staff: Awaited<ReturnType<typeof staffMember>>;
let ada: MemberWithData;
let grace: MemberWithData;
beforeAll(async () => {
  t = await startTestApp();
  staff = await staffMember(t, 'admin');
  ada = await memberWithData(t, staff);
  grace = await memberWithData(t, staff);
}, 120_000);
afterAll(async () => t?.close());

async function download(client: Client) {
  const answer = await client.get('/api/user/export');
  expect(answer.status, answer.text).toBe(200);
  return answer;
}

describe('GET /api/user/export', () => {
  it('is a JSON download named by the day', async () => {
    const answer = await download(ada.client);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="skilly-data-${new Date().toISOString().slice(0, 10)}.json"`);
    expect(accountExportSchema.safeParse(answer.body).success).toBe(true);
  });

  it('holds every item the member has: profile and picture, idea set, plan with its history, ticket with its messages, credits, subscription and payment', async () => {
    const { body, text } = await download(ada.client);
    expect(body.profile).toMatchObject({
      id: ada.userId,
      firstName: ada.firstName,
      lastName: ada.lastName,
      email: ada.email,
      profilePicture: `/api/files/${ada.pictureKey}`,
      role: 'pro',
    });
    expect(body.ideaSets).toEqual([expect.objectContaining({ skill: ada.skill, ideas: [expect.objectContaining({ title: ada.ideaTitle })] })]);

    expect(body.plans).toHaveLength(1);
    const [plan] = body.plans;
    expect(plan.id).toBe(ada.planId);
    expect(plan.milestones[0].tasks.map((task: { title: string }) => task.title)).toContain(ada.addedTaskTitle);
    expect(plan.history.map((entry: { type: string }) => entry.type)).toEqual(['PlanCreated', 'TaskCompleted', 'TaskAdded']);
    expect(plan.history[2]).toMatchObject({ taskTitle: ada.addedTaskTitle, actor: { kind: 'user', userId: ada.userId } });

    expect(body.supportTickets).toEqual([
      expect.objectContaining({
        id: ada.ticketId,
        subject: ada.ticketSubject,
        messages: [
          expect.objectContaining({ message: ada.ticketText, senderType: 'user' }),
          expect.objectContaining({ message: ada.followUpText, senderType: 'user' }),
          expect.objectContaining({ message: ada.staffReplyText, senderType: 'admin' }),
        ],
      }),
    ]);

    const statement = body.creditStatement.entries.map((entry: { type: string; kind?: string }) => `${entry.type}${entry.kind ? `:${entry.kind}` : ''}`);
    expect(statement).toEqual(['tier_changed', 'spent:plan', 'opened']);
    expect(body.subscription).toMatchObject({ status: 'active', mode: 'test' });
    expect(body.payments).toEqual([expect.objectContaining({ amount: 9.99, currency: 'usd', status: 'paid', customerEmail: ada.email })]);

    // Every text of the member is in it.
    for (const [label, value] of Object.entries(personalTexts(ada))) expect(text, label).toContain(value);
  });

  it('holds nothing of another member, and of the support team only that it replied', async () => {
    const { text } = await download(ada.client);
    for (const [label, value] of Object.entries(personalTexts(grace))) expect(text, label).not.toContain(value);
    for (const value of [grace.userId, grace.planId, grace.ticketId, grace.pictureKey]) expect(text).not.toContain(value);
    for (const value of [staff.userId, staff.email, staff.firstName, staff.lastName]) expect(text).not.toContain(value);
  });

  it('holds the whole of a ticket thread longer than the page a thread read answers (issue 48)', async () => {
    const member = await memberWithData(t, staff);
    const stream = ticketStream.name(member.ticketId);
    const version = (await t.services.eventStore.readStream(stream)).length - 1;
    const more = Array.from({ length: 150 }, (_, i) => ({
      id: randomUUID(),
      type: 'TicketMessagePosted',
      schemaVersion: 1,
      data: { ticketId: member.ticketId, messageId: randomUUID(), message: `Follow-up ${i + 1}`, senderType: 'user' },
    }));
    await t.services.eventStore.append(stream, more, {
      expectedVersion: version,
      actor: { kind: 'user', userId: member.userId, role: 'free' },
      occurredAt: new Date(),
      causationId: 'follow-ups',
      correlationId: 'follow-ups',
    });
    await t.services.runner.catchUpAll();
    const read = await member.client.get(`/api/support/tickets/${member.ticketId}/messages`);
    expect(read.body).toHaveLength(50);

    const { body } = await download(member.client);
    const messages = body.supportTickets[0].messages as { message: string }[];
    expect(messages[0]!.message).toBe(member.ticketText);
    expect(messages.at(-1)!.message).toBe('Follow-up 150');
    expect(messages.filter((m) => m.message.startsWith('Follow-up '))).toHaveLength(150);
  });

  it('is the signed-in person’s own: a visitor is refused (401), and staff get theirs', async () => {
    expect((await new Client(t.url).get('/api/user/export')).status).toBe(401);
    const { body } = await download(staff.client);
    expect(body.profile).toMatchObject({ id: staff.userId, email: staff.email, role: 'admin' });
    expect(body).toMatchObject({ ideaSets: [], plans: [], supportTickets: [], payments: [] });
  });
});
