import { expect } from 'vitest';
import { billingStream } from '../../backend/domain/billing/billing-events';
import { streamsOwnedBy } from '../../backend/projections/erasure/erasure-projection';
import { occurrencesIn } from './personal-data-search';
import { runMemberExamples, type MemberExamples } from './slice-examples';
import { Client, newMember, type TestApp } from './test-app';

/**
 * The erasure and export checks over every slice's examples (issue 50): a member runs each
 * slice's `memberExamples`; their export must hold every text the examples wrote, and once they
 * delete their account no text and no stream of theirs may remain. A slice added to the list is
 * covered with no edit here.
 */
export interface MemberWithExamples {
  client: Client;
  userId: string;
  examples: MemberExamples;
  /** The streams the erasure read model says they own, once the examples ran. */
  streams: string[];
}

export async function memberWithExamples(t: TestApp): Promise<MemberWithExamples> {
  const client = new Client(t.url);
  const signup = await client.post('/api/auth/signup', newMember());
  expect(signup.status, signup.text).toBe(201);
  const userId = signup.body.user.id as string;
  const examples = await runMemberExamples(t.services.product.slices, client);
  await t.services.runner.catchUpAll();
  return { client, userId, examples, streams: await streamsOwnedBy(t.services.database.db, userId) };
}

/** The example texts missing from the member's `GET /api/user/export`. */
export async function textsMissingFromExport(member: MemberWithExamples): Promise<string[]> {
  const answer = await member.client.get('/api/user/export');
  expect(answer.status, answer.text).toBe(200);
  return member.examples.texts.filter((text) => !answer.text.includes(text));
}

/** Deletes the member's account (`DELETE /api/user/account`); answers what of theirs remains: texts (where) and streams. */
export async function leftAfterErasure(t: TestApp, member: MemberWithExamples): Promise<{ texts: Record<string, string[]>; streams: string[] }> {
  const deleted = await member.client.request('DELETE', '/api/user/account');
  expect(deleted.status, deleted.text).toBe(200);
  await t.services.runner.catchUpAll();
  const streams: string[] = [];
  // The billing stream stays, written again without the person: the books keep every payment.
  for (const stream of member.streams.filter((name) => !name.startsWith(billingStream.prefix))) {
    if ((await t.services.eventStore.readStream(stream)).length > 0) streams.push(stream);
  }
  const texts = await occurrencesIn(t, Object.fromEntries(member.examples.texts.map((text) => [text, text])));
  return { texts, streams };
}
