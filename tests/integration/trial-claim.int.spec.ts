import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newMember, startTestApp, type TestApp, eventCount } from '../support/test-app';
import { ScriptedIdeaGenerator, streamMessages } from '../support/scripted-idea-generator';

/**
 * Issue 37 item 9: a trial result belongs to the browser that made it and is saved only into an
 * account created after it, so a member cannot launder trials into idea sets and nobody can take
 * another visitor's result by its skill and titles.
 */

let t: TestApp;
beforeAll(async () => {
  // Many trials from one address (127.0.0.1): the daily trial limit is not what this file tests.
  t = await startTestApp({ TRIAL_GENERATIONS_PER_DAY: '50' }, { ideaGenerator: new ScriptedIdeaGenerator() });
});
afterAll(async () => t.close());

async function trial(c: Client, skill: string) {
  const res = await c.post('/api/generate-ideas-stream', { skill });
  expect(res.status).toBe(200);
  const done = streamMessages(res.text).at(-1);
  expect(done).toMatchObject({ done: true, trialToken: expect.any(String) });
  return done as { trialToken: string; ideas: { categories: unknown[]; ideas: { title: string }[] } };
}

async function signUp(c: Client) {
  const member = newMember();
  expect((await c.post('/api/auth/signup', member)).status).toBe(201);
  return member;
}

/** Spec §7's body, as the trial returned it. */
const specBody = (skill: string, done: Awaited<ReturnType<typeof trial>>) => ({ skill, categories: done.ideas.categories, ideas: done.ideas.ideas });

const ideaSetCount = () => eventCount(t, 'IdeaSetCreated');

describe('a trial is saved only into an account created after it', () => {
  it('refuses (403) a member whose account is older than a trial made by another browser', async () => {
    const member = new Client(t.url);
    await signUp(member);
    // The member runs a trial without their session cookie (another jar), then saves it signed in.
    const done = await trial(new Client(t.url), 'Laundered knitting');
    const before = await ideaSetCount();

    const res = await member.post('/api/idea-sets/save-pending', { trialToken: done.trialToken, ...specBody('Laundered knitting', done) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'trial_result_older_account',
      message: 'Trial ideas can only be saved to an account created after they were generated. Generate new ideas from your dashboard.',
    });
    expect(await ideaSetCount()).toBe(before);
    expect((await member.get('/api/idea-sets')).body).toEqual([]);
  });

  it("refuses a member's own browser too, when the account existed before the trial; the result stays for a new account", async () => {
    const browser = new Client(t.url);
    const member = await signUp(browser);
    expect((await browser.post('/api/auth/logout')).status).toBe(200);
    const done = await trial(browser, 'Signed-out pottery');
    expect((await browser.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);
    const before = await ideaSetCount();

    const withToken = await browser.post('/api/idea-sets/save-pending', { trialToken: done.trialToken, ...specBody('Signed-out pottery', done) });
    expect(withToken.status).toBe(403);
    expect(withToken.body.code).toBe('trial_result_older_account');
    const withoutToken = await browser.post('/api/idea-sets/save-pending', specBody('Signed-out pottery', done));
    expect(withoutToken.status).toBe(403);
    expect(withoutToken.body.code).toBe('trial_result_older_account');
    expect(await ideaSetCount()).toBe(before);

    // The refusals spent nothing: an account made after the trial, in that browser, keeps it.
    expect((await browser.post('/api/auth/logout')).status).toBe(200);
    await signUp(browser);
    const saved = await browser.post('/api/idea-sets/save-pending', { trialToken: done.trialToken });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ skill: 'Signed-out pottery', ideas: done.ideas.ideas });
  });
});

describe("the token-less body names only this browser's trials", () => {
  it("cannot take another visitor's result; that visitor's token still saves it afterwards", async () => {
    const visitor = new Client(t.url);
    const done = await trial(visitor, 'Stolen sourdough');
    const before = await ideaSetCount();

    // Another person, signed up after the trial, sends the spec's body with the visitor's skill and titles.
    const thief = new Client(t.url);
    await signUp(thief);
    const stolen = await thief.post('/api/idea-sets/save-pending', specBody('Stolen sourdough', done));
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe('trial_result_not_found');
    // Even one who made trials of their own in their browser.
    const other = new Client(t.url);
    await trial(other, 'Something else');
    await signUp(other);
    expect((await other.post('/api/idea-sets/save-pending', specBody('Stolen sourdough', done))).status).toBe(404);
    expect(await ideaSetCount()).toBe(before);
    expect((await thief.get('/api/idea-sets')).body).toEqual([]);

    await signUp(visitor);
    const saved = await visitor.post('/api/idea-sets/save-pending', { trialToken: done.trialToken, ...specBody('Stolen sourdough', done) });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ skill: 'Stolen sourdough', ideas: done.ideas.ideas, personalized: false });
  });

  it('keeps the trial cookie HttpOnly, so page scripts never read it', async () => {
    const res = await new Client(t.url).post('/api/generate-ideas-stream', { skill: 'Cookie baking' });
    const cookie = res.setCookie.find((line) => line.startsWith('skilly_trial='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe('the way a visitor keeps a trial', () => {
  it('saves the trial into the account signed up in the same browser, once; a later account gets 404', async () => {
    const browser = new Client(t.url);
    const done = await trial(browser, 'Weekend woodwork');
    await signUp(browser);
    const saved = await browser.post('/api/idea-sets/save-pending', { trialToken: done.trialToken, ...specBody('Weekend woodwork', done) });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ skill: 'Weekend woodwork', categories: done.ideas.categories, ideas: done.ideas.ideas });
    // A retry (the same member) answers the same set.
    const again = await browser.post('/api/idea-sets/save-pending', { trialToken: done.trialToken });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(saved.body.id);
    expect((await browser.get('/api/idea-sets')).body).toHaveLength(1);

    // Single use: another new account in the same browser cannot save it again, by token or by body.
    expect((await browser.post('/api/auth/logout')).status).toBe(200);
    await signUp(browser);
    const second = await browser.post('/api/idea-sets/save-pending', { trialToken: done.trialToken });
    expect(second.status).toBe(404);
    expect(second.body.code).toBe('trial_result_not_found');
    expect((await browser.post('/api/idea-sets/save-pending', specBody('Weekend woodwork', done))).status).toBe(404);
  });

  it("saves spec §7's body without a token from the browser that made the trial", async () => {
    const browser = new Client(t.url);
    const done = await trial(browser, 'Balcony gardening');
    await signUp(browser);
    const saved = await browser.post('/api/idea-sets/save-pending', specBody('Balcony gardening', done));
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ skill: 'Balcony gardening', ideas: done.ideas.ideas });
  });
});
