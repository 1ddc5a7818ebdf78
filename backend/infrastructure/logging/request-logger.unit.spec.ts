import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { requestLoggerFactory } from './request-logger';

/** A fastify app on the process logger (writing into `lines`) with requests' loggers made on first use. */
function appWithLines() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
  let childrenMade = 0;
  // The parent each request's logger is given, counting the children made of it.
  const counting = (parent: FastifyBaseLogger): FastifyBaseLogger => {
    const wrapper = Object.create(parent) as FastifyBaseLogger;
    wrapper.child = (...args) => {
      childrenMade += 1;
      return parent.child(...args);
    };
    return wrapper;
  };
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // As the app runs: fastify's own request lines off.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory(parent, bindings, options, raw) {
      return requestLoggerFactory.call(this, counting(parent), bindings, options, raw);
    },
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/warns', async (request) => {
    request.log.warn({ password: 'hunter2', attempt: 3 }, 'a warning');
    request.log.debug('not at info level');
    return { level: request.log.level, id: request.id };
  });
  app.get('/warn-level', { logLevel: 'warn' }, async (request) => {
    const before = request.log.level;
    request.log.info('below the route level');
    request.log.error('at the route level');
    return { before, id: request.id };
  });
  return { app, lines, childrenMade: () => childrenMade };
}

describe("a request's logger", () => {
  it('writes the lines a pino child would: the request id bound, secrets redacted, levels kept', async () => {
    const { app, lines } = appWithLines();
    const answer = await app.inject({ method: 'GET', url: '/warns' });
    const { level, id } = answer.json();
    expect(level).toBe('info');
    const written = lines.filter((line) => line.msg === 'a warning');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ level: 40, reqId: id, password: '[Redacted]', attempt: 3, service: 'skilly' });
    expect(lines.some((line) => line.msg === 'not at info level')).toBe(false);
    await app.close();
  });

  it("keeps a route's own level, before and after its first line", async () => {
    const { app, lines } = appWithLines();
    const answer = await app.inject({ method: 'GET', url: '/warn-level' });
    const { before, id } = answer.json();
    expect(before).toBe('warn');
    expect(lines.map((line) => line.msg)).not.toContain('below the route level');
    expect(lines.filter((line) => line.msg === 'at the route level')).toMatchObject([{ level: 50, reqId: id }]);
    await app.close();
  });

  it('is made only for a request that writes a line', async () => {
    const { app, childrenMade } = appWithLines();
    await app.ready();
    const before = childrenMade();
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: '/quiet' })).statusCode).toBe(200);
    expect(childrenMade() - before).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/warns' })).statusCode).toBe(200);
    expect(childrenMade() - before).toBe(1);
    await app.close();
  });
});
