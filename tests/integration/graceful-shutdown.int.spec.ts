import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usingServer, type TestDatabase } from '../support/database';

/**
 * One raw HTTP/1.1 exchange on its own (kept-alive) connection: the headers with
 * `Expect: 100-continue` first, the body only when told. The server's `100 Continue` shows it
 * has accepted the connection and read the request, which is then in flight.
 */
class SlowRequest {
  private received = '';
  readonly closed: Promise<void>;
  constructor(
    private readonly socket: Socket,
    private readonly body: string,
  ) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (this.received += chunk));
    this.closed = once(socket, 'close').then(() => undefined);
  }

  static async open(port: number, path: string, body: string): Promise<SlowRequest> {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const request = new SlowRequest(socket, body);
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    while (!request.received.includes('100 Continue')) await once(socket, 'data');
    return request;
  }

  sendBody() {
    this.socket.write(this.body);
  }

  /** The status of the answer, once the server has closed the connection. */
  async status(): Promise<number> {
    await this.closed;
    const statuses = [...this.received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));
    return statuses.at(-1) ?? 0;
  }
}

// The server process shares its database with the test: the PostgreSQL server.
describe.skipIf(!usingServer())('a web server stopped with SIGTERM', () => {
  let database: TestDatabase;
  let server: ChildProcess;
  let port: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = spawn(process.execPath, ['--import', 'tsx', 'tests/support/server-child.ts'], {
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent', SIGNUPS_PER_ADDRESS_PER_HOUR: '0', PORT: '0', HOST: '127.0.0.1', DATA_DIR: process.env.TMPDIR ?? '/tmp' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    server.stdout!.setEncoding('utf8');
    port = await new Promise<number>((resolve, reject) => {
      server.stdout!.on('data', (chunk: string) => {
        out += chunk;
        const match = /listening http:\/\/[^:]+:(\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      server.once('exit', (code) => reject(new Error(`the server exited with ${code} before listening`)));
    });
  }, 120_000);
  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    await database.drop();
  });

  it('answers all 50 requests in flight, refuses new connections, and exits 0', async () => {
    const run = randomBytes(4).toString('hex');
    const requests = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        SlowRequest.open(port, '/api/auth/signup', JSON.stringify({ firstName: `Member`, lastName: `${i}`, email: `stop-${run}-${i}@example.com`, password: 'a long enough password' })),
      ),
    );
    const exited = once(server, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));

    // No new connection is accepted once the server is stopping.
    const refused = await new Promise<string>((resolve) => {
      const probe = connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve('connected');
      });
      probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');

    for (const request of requests) request.sendBody();
    const statuses = await Promise.all(requests.map((r) => r.status()));
    expect(statuses).toEqual(Array.from({ length: 50 }, () => 201));

    const [code] = await exited;
    expect(code).toBe(0);

    // Every answered signup is stored.
    const rows = await database.handle.db
      .selectFrom('users')
      .select(({ fn }) => fn.countAll<string>().as('count'))
      .where('email', 'like', `stop-${run}-%`)
      .executeTakeFirstOrThrow();
    expect(Number(rows.count)).toBe(50);
  }, 120_000);
});
