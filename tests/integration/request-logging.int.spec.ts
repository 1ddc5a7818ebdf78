import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../backend/infrastructure/logging/logger';
import { startTestApp, type TestApp } from '../support/test-app';

/** Issue 18: a success costs no log line at info level; failures are still logged. */
function memoryLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

async function logOf(level: string, work: (t: TestApp) => Promise<void>) {
  const log = memoryLog();
  const t = await startTestApp({}, { logger: createLogger(level, log.stream) });
  try {
    await work(t);
  } finally {
    await t.close();
  }
  return log.lines;
}

const urlOf = (line: Record<string, unknown>) => (line.req as { url?: string } | undefined)?.url;

describe('request logging', () => {
  it('at info level logs refused requests, not successful ones', async () => {
    const lines = await logOf('info', async (t) => {
      expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${t.url}/api/auth/me`)).status).toBe(401);
    });
    expect(lines.filter((line) => urlOf(line) === '/api/health')).toEqual([]);
    expect(lines.filter((line) => urlOf(line) === '/api/auth/me').map((line) => line.statusCode)).toEqual([401]);
  });

  it('at debug level logs every request once, with its status and time', async () => {
    const lines = await logOf('debug', async (t) => {
      expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
    });
    const health = lines.filter((line) => urlOf(line) === '/api/health');
    expect(health).toHaveLength(1);
    expect(health[0]).toMatchObject({ statusCode: 200, msg: 'request completed' });
    expect(typeof health[0].responseTime).toBe('number');
  });
});
