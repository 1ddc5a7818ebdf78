import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newMember, startSecondInstance, startTestApp, type TestApp } from '../support/test-app';

const OLD = 'o'.repeat(40);
const NEW = 'n'.repeat(40);

/** GET /api/auth/me on `url` with the session cookie as the browser holds it. */
async function me(url: string, cookie: string) {
  const response = await fetch(new URL('/api/auth/me', url), { headers: { cookie: `skilly_session=${cookie}` } });
  const renewed = response.headers.getSetCookie().find((line) => line.startsWith('skilly_session='));
  return { status: response.status, renewed: renewed ? decodeURIComponent(renewed.split(';')[0]!.slice('skilly_session='.length)) : undefined };
}

describe('rotating SESSION_SECRET (docs/operations.md)', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp({ SESSION_SECRET: OLD });
    const member = new Client(t.url);
    expect((await member.post('/api/auth/signup', newMember())).status).toBe(201);
    cookie = decodeURIComponent(member.sessionCookie!);
  });
  afterAll(async () => t.close());

  it('keeps members signed in while the old secret is SESSION_SECRET_PREVIOUS, signing their cookie again with the new one', async () => {
    const rotating = await startSecondInstance(t, { SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD });
    const rotated = await startSecondInstance(t, { SESSION_SECRET: NEW });
    try {
      const during = await me(rotating.url, cookie);
      expect(during.status).toBe(200);
      expect(during.renewed).toBeDefined();
      expect(during.renewed).not.toBe(cookie);

      // The renewed cookie holds once the old secret is gone; the old one no longer does.
      expect((await me(rotated.url, during.renewed!)).status).toBe(200);
      expect((await me(rotated.url, cookie)).status).toBe(401);
      // A cookie already signed with the new secret is not signed again.
      expect((await me(rotating.url, during.renewed!)).renewed).toBeUndefined();
    } finally {
      await rotating.close();
      await rotated.close();
    }
  });
});
