import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActionStream } from '../../backend/domain/admin-actions/admin-action';
import { userStreams } from '../../backend/domain/identity/user';
import { planStream } from '../../backend/domain/plans/plan';
import { staffMember } from '../support/member-data';
import { MovableClock } from '../support/movable-clock';
import { streamMessages } from '../support/scripted-idea-generator';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * Undo for what an admin destroys (issue 53), through real HTTP on a real database (PGlite, and
 * the PostgreSQL server when TEST_DATABASE_URL is set): each destructive admin action names the
 * action it recorded in `x-admin-action-id`; `POST /api/admin/actions/{id}/undo` brings back
 * what a read before it showed, once, within 30 days, never for an erased member; a rebuild of
 * the read models gives the restored rows again.
 */

const clock = new MovableClock();
let t: TestApp;
let admin: Awaited<ReturnType<typeof staffMember>>;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
  admin = await staffMember(t, 'admin');
});
afterAll(async () => t?.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const idea = { id: 'a', title: 'Pet portraits', subtitle: 's', description: 'Paint pets', category: 'services', industry: 'Art', method: 'Gigs', pricing: '$40' };

/** A member with a generated and a saved idea set, two plans (one task done, one help answer). */
async function memberWithContent() {
  const client = new Client(t.url);
  const signup = await client.post('/api/auth/signup', newMember());
  expect(signup.status).toBe(201);
  const userId = signup.body.user.id as string;
  expect(streamMessages((await client.post('/api/generate-ideas-stream', { skill: 'Pottery' })).text).at(-1)).toMatchObject({ done: true });
  const saved = await client.post('/api/idea-sets', { skill: 'Painting', categories: [{ id: 'services', name: 'Services', color: 'green' }], ideas: [idea] });
  expect(saved.status, saved.text).toBe(201);
  const planIds: string[] = [];
  for (let i = 0; i < 2; i++) {
    const plan = await client.post('/api/plans/generate', { ideaTitle: idea.title, ideaDescription: idea.description, category: 'services', ideaId: idea.id });
    expect(plan.status, plan.text).toBe(201);
    planIds.push(plan.body.planId as string);
  }
  const [first, second] = (await client.get(`/api/plans/${planIds[0]}`)).body.milestones[0].tasks as { id: string }[];
  expect((await client.request('PATCH', `/api/tasks/${first.id}/toggle`, { completed: true })).status).toBe(200);
  expect((await client.post(`/api/tasks/${second.id}/help`)).status).toBe(200);
  return { client, userId, planIds, taskId: first.id };
}

/** What the member and the admin's user view read of the member's content. */
async function contentOf(member: { client: Client; userId: string }) {
  return {
    ideaSets: (await member.client.get('/api/idea-sets')).body,
    plans: (await member.client.get('/api/plans')).body,
    plan: (await member.client.get(`/api/plans/${(await member.client.get('/api/plans')).body[0]?.id}`)).body,
    me: (({ activePlans }) => ({ activePlans }))((await member.client.get('/api/auth/me')).body),
    adminPlans: (await admin.client.get(`/api/admin/users/${member.userId}/plans`)).body,
  };
}

const actionIdOf = (answer: { headers: Headers }) => {
  const id = answer.headers.get('x-admin-action-id');
  expect(id).toBeTruthy();
  return id!;
};
const undo = (id: string, client = admin.client) => client.post(`/api/admin/actions/${id}/undo`, {});

describe('undoing a reset of a member’s data', () => {
  it('brings back the idea sets and plans as they were (tasks, progress, help answers), names the admin, and only once', async () => {
    const member = await memberWithContent();
    const before = await contentOf(member);
    expect(before.ideaSets).toHaveLength(2);
    expect(before.plans).toHaveLength(2);
    const credits = (await member.client.get('/api/credits')).body;

    const reset = await admin.client.post(`/api/admin/users/${member.userId}/reset-data`, { reason: 'Spam content' });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body).toEqual({ message: 'User data reset successfully', deletedIdeas: 2, deletedPlans: 2 });
    const actionId = actionIdOf(reset);
    expect((await member.client.get('/api/plans')).body).toEqual([]);
    const refunded = (await member.client.get('/api/credits')).body;

    const undone = await undo(actionId);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body).toMatchObject({ message: 'Action undone', action: { id: actionId, kind: 'reset-data', canUndo: false, undoneByName: `${admin.firstName} ${admin.lastName}` } });

    // What a read before the reset showed, at once (read-your-writes), member and admin alike.
    expect(await contentOf(member)).toEqual(before);
    // The plan takes the member's commands again.
    expect((await member.client.request('PATCH', `/api/tasks/${member.taskId}/toggle`, { completed: false })).status).toBe(200);
    // Credits stay as the reset left them (given back), not as before it.
    expect((await member.client.get('/api/credits')).body.used).toEqual(refunded.used);
    expect(refunded.used).not.toEqual(credits.used);

    // Appended, never rewritten: the plan's stream holds the deletion and the restore, naming the admin.
    const plan = await t.services.eventStore.readStream(planStream.name(member.planIds[0]));
    expect(plan.map((e) => e.type)).toContain('PlanDeleted');
    expect(plan.find((e) => e.type === 'PlanRestored')).toMatchObject({ data: { reason: 'Undo of an admin action' }, actor: { userId: admin.userId } });
    const account = await t.services.eventStore.readStream(userStreams.name(member.userId));
    expect(account.at(-1)).toMatchObject({ type: 'UserDataRestored', data: { restoredIdeas: 2, restoredPlans: 2 }, actor: { userId: admin.userId } });
    const record = await t.services.eventStore.readStream(adminActionStream.name(actionId));
    expect(record.map((e) => [e.type, e.actor.kind === 'user' ? e.actor.userId : null])).toEqual([
      ['AdminActionTaken', admin.userId],
      ['AdminActionUndone', admin.userId],
    ]);

    // The member's audit trail shows both.
    const audit = (await admin.client.get(`/api/admin/users/${member.userId}/audit`)).body as { summary: string }[];
    expect(audit.map((entry) => entry.summary)).toEqual(expect.arrayContaining(['Data reset undone: 2 idea sets and 2 plans restored']));

    // Twice-undo is refused, and changes nothing.
    const again = await undo(actionId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This action has already been undone');
    expect((await t.services.eventStore.readStream(planStream.name(member.planIds[0]))).filter((e) => e.type === 'PlanRestored')).toHaveLength(1);
  });

  it('two undos at once restore once: one answers 200, the other is refused as already undone', async () => {
    const member = await memberWithContent();
    const before = await contentOf(member);
    const reset = await admin.client.post(`/api/admin/users/${member.userId}/reset-data`, {});
    const actionId = actionIdOf(reset);
    const answers = await Promise.all([undo(actionId), undo(actionId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await contentOf(member)).toEqual(before);
    for (const planId of member.planIds) {
      expect((await t.services.eventStore.readStream(planStream.name(planId))).filter((e) => e.type === 'PlanRestored')).toHaveLength(1);
    }
    expect((await t.services.eventStore.readStream(adminActionStream.name(actionId))).filter((e) => e.type === 'AdminActionUndone')).toHaveLength(1);
  });

  it('a rebuild of the read models gives the restored rows again', async () => {
    const member = await memberWithContent();
    const before = await contentOf(member);
    const reset = await admin.client.post(`/api/admin/users/${member.userId}/reset-data`, {});
    expect((await undo(actionIdOf(reset))).status).toBe(200);
    const actions = (await admin.client.get('/api/admin/actions')).body;
    await t.services.runner.rebuildAll();
    expect(await contentOf(member)).toEqual(before);
    expect((await admin.client.get('/api/admin/actions')).body).toEqual(actions);
  });

  it('an erased member stays erased: the undo is refused and nothing comes back', async () => {
    const member = await memberWithContent();
    const reset = await admin.client.post(`/api/admin/users/${member.userId}/reset-data`, {});
    const actionId = actionIdOf(reset);
    expect((await admin.client.request('DELETE', `/api/admin/users/${member.userId}`)).status).toBe(200);
    const refused = await undo(actionId);
    expect([404, 409]).toContain(refused.status);
    expect(refused.body.message).toMatch(/deleted|not found/i);
    expect((await admin.client.get(`/api/admin/users/${member.userId}`)).status).toBe(404);
    expect(await t.services.eventStore.readStream(planStream.name(member.planIds[0]))).toEqual([]);
    expect(await t.services.eventStore.readStream(userStreams.name(member.userId))).toEqual([]);
    // The erased member's actions leave the list with them.
    expect(((await admin.client.get('/api/admin/actions')).body as { id: string }[]).map((a) => a.id)).not.toContain(actionId);
  });
});

describe('undoing the cleanup of every member’s content', () => {
  it('brings back every member’s idea sets and plans', async () => {
    const one = await memberWithContent();
    const two = await memberWithContent();
    const before = [await contentOf(one), await contentOf(two)];
    const cleanup = await admin.client.post('/api/admin/cleanup-user-content');
    expect(cleanup.status).toBe(200);
    expect(cleanup.body.updatedUsers).toBeGreaterThanOrEqual(2);
    expect((await one.client.get('/api/plans')).body).toEqual([]);
    const undone = await undo(actionIdOf(cleanup));
    expect(undone.status, undone.text).toBe(200);
    expect([await contentOf(one), await contentOf(two)]).toEqual(before);
  });
});

describe('undoing a role change and a disable', () => {
  it('gives the role back, refuses once the role moved on, and re-enables a disabled account', async () => {
    const client = new Client(t.url);
    const signup = await client.post('/api/auth/signup', newMember());
    const userId = signup.body.user.id as string;

    const promoted = await admin.client.request('PUT', `/api/admin/users/${userId}/role`, { role: 'moderator' });
    expect(promoted.status, promoted.text).toBe(200);
    const undone = await undo(actionIdOf(promoted));
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body.action.summary).toMatch(/from Free to Moderator/);
    expect((await admin.client.get(`/api/admin/users/${userId}`)).body.role).toBe('free');
    const audit = (await admin.client.get(`/api/admin/users/${userId}/audit`)).body as { summary: string }[];
    expect(audit[0].summary).toBe('Role changed from moderator to free (undo of an admin action)');

    // A role changed again since is not undone over the later change.
    const toPro = await admin.client.request('PUT', `/api/admin/users/${userId}/role`, { role: 'pro' });
    expect((await admin.client.request('PUT', `/api/admin/users/${userId}/role`, { role: 'moderator' })).status).toBe(200);
    const superseded = await undo(actionIdOf(toPro));
    expect(superseded.status).toBe(409);
    expect(superseded.body.message).toBe('The account has changed since this action, so it can no longer be undone');
    expect((await admin.client.get(`/api/admin/users/${userId}`)).body.role).toBe('moderator');

    // A role set to the one it has changes nothing and records nothing.
    const same = await admin.client.request('PUT', `/api/admin/users/${userId}/role`, { role: 'moderator' });
    expect(same.status).toBe(200);
    expect(same.headers.get('x-admin-action-id')).toBeNull();

    const disabled = await admin.client.request('PATCH', `/api/admin/users/${userId}/toggle-disabled`, { disabled: true });
    expect(disabled.status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await undo(actionIdOf(disabled))).status).toBe(200);
    expect((await admin.client.get(`/api/admin/users/${userId}`)).body.disabled).toBe('false');
    expect((await client.post('/api/auth/signin', { email: signup.body.user.email, password: newMember().password })).status).not.toBe(403);
  });
});

describe('undoing the deletion of an FAQ, a blog post and a platform', () => {
  it('puts each back with its id, slug and order', async () => {
    const faqs = await Promise.all(
      [3, 1, 2].map(async (orderIndex) => (await admin.client.post('/api/admin/faqs', { question: `Question ${orderIndex}?`, answer: 'Yes.', orderIndex })).body),
    );
    const listBefore = (await new Client(t.url).get('/api/faqs')).body;
    const deletedFaq = await admin.client.request('DELETE', `/api/admin/faqs/${faqs[2].id}`);
    expect(deletedFaq.status, deletedFaq.text).toBe(200);
    expect(deletedFaq.body).toEqual({ message: 'FAQ deleted' });
    expect((await undo(actionIdOf(deletedFaq))).status).toBe(200);
    expect((await new Client(t.url).get('/api/faqs')).body).toEqual(listBefore);

    const post = (await admin.client.post('/api/admin/blog-posts', { title: 'Selling Pottery Online', content: '<p>Start with one mug.</p>', status: 'published' })).body;
    const deletedPost = await admin.client.request('DELETE', `/api/admin/blog-posts/${post.id}`);
    expect(deletedPost.status).toBe(200);
    expect((await new Client(t.url).get(`/api/blog-posts/${post.slug}`)).status).toBe(404);
    // A post written since with the same slug keeps it: the undo says so and changes nothing.
    const usurper = (await admin.client.post('/api/admin/blog-posts', { title: 'Selling Pottery Online', content: '<p>Another.</p>' })).body;
    expect(usurper.slug).toBe(post.slug);
    const blocked = await undo(actionIdOf(deletedPost));
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe(`Another post now uses the address /blog/${post.slug}: change its slug, then undo again`);
    expect((await admin.client.request('DELETE', `/api/admin/blog-posts/${usurper.id}`)).status).toBe(200);
    expect((await undo(actionIdOf(deletedPost))).status).toBe(200);
    expect((await new Client(t.url).get(`/api/blog-posts/${post.slug}`)).body).toMatchObject({ id: post.id, title: post.title, slug: post.slug });

    const link = { platformName: 'Etsy', category: 'Freelance Marketplaces', url: 'https://www.etsy.com', logoUrl: 'https://example.com/etsy.png', description: 'Handmade goods' };
    const added = await admin.client.post('/api/admin/skilly-urls', link);
    expect(added.status, added.text).toBe(201);
    const platform = added.body;
    const before = (await new Client(t.url).get('/api/skilly-urls')).body;
    const deletedLink = await admin.client.request('DELETE', `/api/admin/skilly-urls/${platform.id}`);
    expect(deletedLink.status).toBe(200);
    expect((await undo(actionIdOf(deletedLink))).status).toBe(200);
    expect((await new Client(t.url).get('/api/skilly-urls')).body).toEqual(before);

    const recent = (await admin.client.get('/api/admin/actions')).body as { summary: string; canUndo: boolean; adminName: string }[];
    expect(recent.slice(0, 4).map((a) => a.summary)).toEqual([
      'Deleted the platform "Etsy"',
      'Deleted the blog post "Selling Pottery Online"',
      'Deleted the blog post "Selling Pottery Online"',
      'Deleted the FAQ "Question 2?"',
    ]);
  });
});

describe('the 30 days, and who may undo', () => {
  it('refuses an undo after 30 days with a clear message, and anyone but an admin', async () => {
    const faq = (await admin.client.post('/api/admin/faqs', { question: 'Old?', answer: 'Yes.', orderIndex: 9 })).body;
    const deleted = await admin.client.request('DELETE', `/api/admin/faqs/${faq.id}`);
    const actionId = actionIdOf(deleted);
    const moderator = await staffMember(t, 'moderator');
    expect((await undo(actionId, moderator.client)).status).toBe(403);
    expect((await undo(actionId, new Client(t.url))).status).toBe(401);
    expect((await moderator.client.get('/api/admin/actions')).status).toBe(403);
    expect((await undo('no-such-action')).status).toBe(404);

    clock.moveBy(30 * DAY_MS + 60_000);
    // Sessions do not last 30 days: another admin, signed in now.
    const later = await staffMember(t, 'admin');
    const listed = ((await later.client.get('/api/admin/actions')).body as { id: string; canUndo: boolean }[]).find((a) => a.id === actionId);
    expect(listed?.canUndo).toBe(false);
    const late = await undo(actionId, later.client);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This action is more than 30 days old and can no longer be undone');
    expect(((await new Client(t.url).get('/api/faqs')).body as { id: string }[]).map((f) => f.id)).not.toContain(faq.id);
  });
});
