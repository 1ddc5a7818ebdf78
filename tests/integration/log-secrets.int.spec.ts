import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../backend/infrastructure/config/config';
import { compose, type Composition } from '../../backend/infrastructure/composition-root';
import { buildApp } from '../../backend/infrastructure/http/app';
import { createLogger } from '../../backend/infrastructure/logging/logger';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { Client, newMember } from '../support/test-app';

/** Every line the app logs, as text. */
function memoryLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream, text: () => lines.join('') };
}

describe('secrets stay out of the log', () => {
  const log = memoryLog();
  let database: TestDatabase;
  let services: Composition;
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'trace',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'skilly-data-')),
      PORT: '0',
      PUBLIC_URL: 'https://skilly.example',
    });
    services = await compose(config, { database: database.handle, logger: createLogger('trace', log.stream) });
    await services.runner.start();
    app = await buildApp(services);
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await services?.runner.stop();
    await database?.drop();
  });

  it('never logs a reset token or link, a password or a session cookie outside development', async () => {
    const member = newMember({ password: 'plain-secret-password-1' });
    const c = new Client(url);
    await c.post('/api/auth/signup', member);
    await new Client(url).post('/api/auth/forgot-password', { email: member.email });
    const mail = await services.database.db
      .selectFrom('email_outbox')
      .select('body')
      .where('recipient', '=', member.email).where('template', '=', 'password-reset')
      .executeTakeFirstOrThrow();
    const token = decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(mail.body)![1]);
    // The member opens the link: the page request carries the token in its query.
    await new Client(url).get(`/reset-password?token=${encodeURIComponent(token)}`);
    await new Client(url).post('/api/auth/reset-password', { token, password: 'another-secret-password-2' });
    await c.get('/api/auth/me');

    const text = log.text();
    expect(text).toContain('email queued in outbox');
    expect(text).toContain('/reset-password?token=[Redacted]');
    expect(text).not.toContain(token);
    expect(text).not.toContain(encodeURIComponent(token));
    expect(text).not.toContain('plain-secret-password-1');
    expect(text).not.toContain('another-secret-password-2');
    expect(text).not.toContain(c.sessionCookie!);
  });

  it('names a queued email by its template and the recipient’s account id outside development, never by its subject', async () => {
    const firstName = `Zephyrine${Date.now()}`;
    const member = newMember({ firstName });
    const signup = await new Client(url).post('/api/auth/signup', member);
    expect(signup.status, signup.text).toBe(201);
    const userId = signup.body.user.id as string;
    await new Client(url).post('/api/auth/forgot-password', { email: member.email });

    const queued = log.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'email queued in outbox');
    const forMember = queued.filter((entry) => entry.recipientId === userId);
    expect(forMember.map((entry) => entry.template)).toEqual(['welcome', 'password-reset']);
    for (const entry of forMember) expect(entry).not.toHaveProperty('subject');
    // The welcome subject is "Welcome to Skilly, {firstName}": neither it nor the address is in any line.
    expect(log.text()).not.toContain(firstName);
    expect(log.text()).not.toContain(member.email);
  });
});

describe('the logger', () => {
  it('redacts cookies, authorization headers, passwords and tokens in logged objects', () => {
    const log = memoryLog();
    const logger = createLogger('info', log.stream);
    logger.info(
      {
        req: { headers: { cookie: 'skilly_session=abc123cookie', authorization: 'Bearer sk-live-secret' } },
        body: { email: 'a@example.com', password: 'hunter2hunter2', token: 'reset-token-value' },
        apiKey: 'sk-proj-very-secret',
      },
      'request',
    );
    const text = log.text();
    for (const secret of ['abc123cookie', 'sk-live-secret', 'hunter2hunter2', 'reset-token-value', 'sk-proj-very-secret']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('a@example.com');
  });
});
