import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formPostPaths, type FormNotice } from '../../backend/application/contracts/form-posts';
import { FORM_NOTICE_COOKIE } from '../../backend/infrastructure/http/form-notice';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * The forms that hold a secret, posted by the browser itself (a person who submits before the
 * page's scripts have loaded): application/x-www-form-urlencoded, answered with a 303 to a page.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/**
 * What a browser sends for a form posted from one of the site's pages (their no-referrer policy
 * makes the Origin "null"), and what comes back (redirects not followed).
 */
async function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, t.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null', 'sec-fetch-site': 'same-origin', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  const cookies = Object.fromEntries(
    response.headers.getSetCookie().map((line) => {
      const pair = line.split(';')[0];
      return [pair.slice(0, pair.indexOf('=')), decodeURIComponent(pair.slice(pair.indexOf('=') + 1))];
    }),
  );
  const signedNotice = cookies[FORM_NOTICE_COOKIE];
  const unsigned = signedNotice ? t.app.unsignCookie(signedNotice) : undefined;
  const notice = unsigned?.valid && unsigned.value ? (JSON.parse(unsigned.value) as FormNotice) : undefined;
  return { status: response.status, location: response.headers.get('location'), cookies, notice };
}

const signedUp = async (member = newMember()) => {
  expect((await new Client(t.url).post('/api/auth/signup', member)).status).toBe(201);
  return member;
};

describe('sign-in form posted without scripts', () => {
  it('a wrong password comes back to the sign-in form with the message, never in the URL', async () => {
    const password = 'the-wrong-secret-1';
    const answer = await postForm(formPostPaths.signIn, { email: 'nobody@example.com', password, redirect: '/plans' });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/auth?tab=signin&redirect=%2Fplans');
    expect(answer.notice).toEqual({ form: 'signIn', message: 'Invalid email or password', intent: 'danger' });
    expect(answer.cookies.skilly_session).toBeUndefined();
    expect(JSON.stringify(answer)).not.toContain(password);
  });

  it('signs a member in: the session cookie, and the auth page finishes the sign-in (keeping its redirect)', async () => {
    const member = await signedUp();
    const answer = await postForm(formPostPaths.signIn, { email: member.email, password: member.password, redirect: '/plans' });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/auth?tab=signin&signed-in=1&redirect=%2Fplans');
    expect(answer.notice).toBeUndefined();
    const me = await fetch(new URL('/api/auth/me', t.url), { headers: { cookie: `skilly_session=${encodeURIComponent(answer.cookies.skilly_session)}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(member.email);
  });

  it('is refused from another site, like any state-changing call', async () => {
    const member = await signedUp();
    const answer = await postForm(formPostPaths.signIn, { email: member.email, password: member.password }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(answer.status).toBe(403);
    expect(answer.cookies.skilly_session).toBeUndefined();
  });

  it('counts against the same sign-in throttle as the API, for the same client address', async () => {
    const member = await signedUp();
    const api = new Client(t.url);
    for (let i = 0; i < 5; i++) expect((await api.post('/api/auth/login', { email: member.email, password: `wrong-${i}` })).status).toBe(401);
    const answer = await postForm(formPostPaths.signIn, { email: member.email, password: member.password });
    expect(answer.location).toBe('/auth?tab=signin');
    expect(answer.notice?.message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minute\(s\)\.$/);
    expect(answer.cookies.skilly_session).toBeUndefined();
  });
});

describe('sign-up form posted without scripts', () => {
  it('refuses a confirmation that differs, creating nothing', async () => {
    const member = newMember();
    const answer = await postForm(formPostPaths.signUp, { ...member, confirmPassword: `${member.password}!` });
    expect(answer.location).toBe('/auth?tab=signup');
    expect(answer.notice).toEqual({ form: 'signUp', message: 'Passwords do not match', intent: 'danger' });
    expect((await new Client(t.url).post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(401);
  });

  it("gives the API's message for a taken email", async () => {
    const member = await signedUp();
    const answer = await postForm(formPostPaths.signUp, { ...member, confirmPassword: member.password });
    expect(answer.location).toBe('/auth?tab=signup');
    expect(answer.notice).toEqual({ form: 'signUp', message: 'An account with this email already exists', intent: 'danger' });
  });

  it('creates the free member and signs them in', async () => {
    const member = newMember();
    const answer = await postForm(formPostPaths.signUp, { ...member, confirmPassword: member.password });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/auth?tab=signup&signed-in=1');
    expect(answer.cookies.skilly_session).toBeTruthy();
    const login = await new Client(t.url).post('/api/auth/login', { email: member.email, password: member.password });
    expect(login.body.user.role).toBe('free');
  });
});

describe('forgot and reset password forms posted without scripts', () => {
  it('mails the link, then sets the new password from the emailed token', async () => {
    const member = await signedUp();
    const forgot = await postForm(formPostPaths.forgotPassword, { email: member.email });
    expect(forgot.location).toBe('/auth?tab=signin');
    expect(forgot.notice).toMatchObject({ form: 'signIn', intent: 'success', message: expect.stringMatching(/If an account exists/) });
    const mail = await t.services.database.db.selectFrom('email_outbox').selectAll().where('recipient', '=', member.email).where('template', '=', 'password-reset').executeTakeFirstOrThrow();
    const token = decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(mail.body)![1]);

    const mismatch = await postForm(formPostPaths.resetPassword, { token, password: 'a brand new secret', confirmPassword: 'another one' });
    expect(mismatch.location).toBe(`/reset-password?${new URLSearchParams({ token })}`);
    expect(mismatch.notice).toEqual({ form: 'resetPassword', message: 'Passwords do not match', intent: 'danger' });

    const reset = await postForm(formPostPaths.resetPassword, { token, password: 'a brand new secret', confirmPassword: 'a brand new secret' });
    expect(reset.location).toBe('/auth?tab=signin');
    expect(reset.notice).toMatchObject({ form: 'signIn', intent: 'success', message: expect.stringMatching(/password has been changed/) });
    expect((await new Client(t.url).post('/api/auth/login', { email: member.email, password: 'a brand new secret' })).status).toBe(200);

    const reused = await postForm(formPostPaths.resetPassword, { token, password: 'yet another secret', confirmPassword: 'yet another secret' });
    expect(reused.notice?.message).toMatch(/invalid or has expired/);
  });

  it('asks for the email address on the forgot-password form', async () => {
    const answer = await postForm(formPostPaths.forgotPassword, { email: '' });
    expect(answer.notice).toEqual({ form: 'forgotPassword', message: 'Please enter your email address', intent: 'danger' });
  });
});
