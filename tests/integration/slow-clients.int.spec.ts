import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdeaPromptInput } from '../../backend/application/ports/idea-generator';
import { ScriptedIdeaGenerator, streamMessages } from '../support/scripted-idea-generator';
import { startTestApp, type TestApp } from '../support/test-app';

/** An idea generator that thinks for a while before it answers, as a slow AI provider does. */
class SlowIdeaGenerator extends ScriptedIdeaGenerator {
  override async generateIdeas(input: IdeaPromptInput, onChunk: (text: string) => void) {
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    return super.generateIdeas(input, onChunk);
  }
}

/**
 * Sends `head` on a raw connection and then nothing more; resolves with what the server
 * answered and how long it kept the connection open.
 */
function stall(url: string, head: string): Promise<{ answer: string; heldMs: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = connect(Number(port), hostname, () => socket.write(head));
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, heldMs: Date.now() - started }));
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server still held the stalled connection after 20 s'));
    }, 20_000);
  });
}

describe('slow clients (REQUEST_TIMEOUT_SECONDS=2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ REQUEST_TIMEOUT_SECONDS: '2' }, { ideaGenerator: new SlowIdeaGenerator() });
  });
  afterAll(() => t.close());

  it('a body that never finishes arriving is answered 408 and its connection closed', async () => {
    const host = new URL(t.url).host;
    const { answer, heldMs } = await stall(
      t.url,
      `POST /api/auth/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":"a@`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(heldMs).toBeLessThan(10_000);
  });

  it('headers that never finish arriving are answered 408 and the connection closed', async () => {
    const host = new URL(t.url).host;
    const { answer, heldMs } = await stall(t.url, `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(heldMs).toBeLessThan(10_000);
  });

  it('an answer that takes longer than the request timeout is not cut: only receiving the request is timed', async () => {
    const response = await fetch(`${t.url}/api/generate-ideas-stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.url },
      body: JSON.stringify({ skill: 'Calligraphy' }),
    });
    expect(response.status).toBe(200);
    const messages = streamMessages(await response.text());
    expect(messages.at(-1)).toMatchObject({ done: true });
    expect(messages.at(-1).ideas).toBeTruthy();
  });
});
