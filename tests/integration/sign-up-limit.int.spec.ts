import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formPostPaths, type FormNotice } from '../../backend/application/contracts/form-posts';
import { FORM_NOTICE_COOKIE } from '../../backend/infrastructure/http/form-notice';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 48: sign-ups cannot be farmed from one network address. The test app trusts the
 * loopback proxy, so each client names its address in X-Forwarded-For.
 */
let limited: TestApp;
let unlimited: TestApp;
beforeAll(async () => {
  // '' is unset: SIGNUPS_PER_ADDRESS_PER_HOUR takes its default (10).
  limited = await startTestApp({ TRUST_PROXY: '127.0.0.1', SIGNUPS_PER_ADDRESS_PER_HOUR: '' });
  unlimited = await startTestApp({ TRUST_PROXY: '127.0.0.1', SIGNUPS_PER_ADDRESS_PER_HOUR: '0' });
});
afterAll(async () => {
  await limited?.close();
  await unlimited?.close();
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const signUp = (t: TestApp, ip: string) => new Client(t.url, from(ip)).post('/api/auth/signup', newMember());

describe('sign-ups per network address', () => {
  it('lets 10 of 20 simultaneous sign-ups from one address through and answers the rest 429 with Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => signUp(limited, '203.0.113.7')));
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 429);
    expect([created.length, refused.length]).toEqual([10, 10]);
    expect(refused[0].body.message).toBe('Too many accounts were created from your network recently. Please try again in 60 minute(s).');
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(Number(refused[0].headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    // No account was opened for a refused sign-up.
    const users = await limited.services.database.db.selectFrom('users').select('email').execute();
    for (const answer of refused) expect(users.map((u) => u.email)).not.toContain(answer.body.email);
    expect(users.length).toBe(10);
    // Another address is not held back.
    expect((await signUp(limited, '198.51.100.20')).status).toBe(201);
  }, 120_000);

  it('counts an IPv6 client by its /64, so changing the low bits does not reset the count', async () => {
    const network = '2001:db8:aa:bb';
    const answers = [];
    for (let i = 1; i <= 11; i++) answers.push((await signUp(limited, `${network}::${i.toString(16)}:${i}`)).status);
    expect(answers.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(answers[10]).toBe(429);
    expect((await signUp(limited, `${network}:ffff:1:2:3`)).status).toBe(429);
    // The next /64 is another subscriber.
    expect((await signUp(limited, '2001:db8:aa:bc::1')).status).toBe(201);
  }, 60_000);

  it('applies to the sign-up form posted before the scripts load', async () => {
    for (let i = 0; i < 10; i++) expect((await signUp(limited, '192.0.2.44')).status).toBe(201);
    const member = newMember();
    const response = await fetch(new URL(formPostPaths.signUp, limited.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null', 'sec-fetch-site': 'same-origin', ...from('192.0.2.44') },
      body: new URLSearchParams({ ...member, confirmPassword: member.password }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/auth?tab=signup');
    const signed = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .find((pair) => pair.startsWith(`${FORM_NOTICE_COOKIE}=`))!;
    const unsigned = limited.app.unsignCookie(decodeURIComponent(signed.slice(FORM_NOTICE_COOKIE.length + 1)));
    expect(JSON.parse(unsigned.value!) as FormNotice).toMatchObject({ form: 'signUp', intent: 'danger', message: expect.stringMatching(/^Too many accounts were created from your network/) });
    expect((await new Client(limited.url).post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(401);
  }, 60_000);

  it('limits nothing with SIGNUPS_PER_ADDRESS_PER_HOUR=0', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => signUp(unlimited, '203.0.113.7')));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
  }, 120_000);
});
