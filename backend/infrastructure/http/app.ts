import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import autoload from '@fastify/autoload';
import { registerErrorHandler } from './plugins/error-handler';
import { registerFrontend } from './plugins/frontend';
import { pageMetaReader } from '../../application/blog/blog-page-meta';
import { registerOpenApi } from './plugins/openapi';
import { registerRequestTextGuard } from './plugins/request-text';
import { registerIdempotency } from './plugins/idempotency';
import { registerSecurity } from './plugins/security';
import { registerSessions } from './plugins/sessions';
import { registerMemberReadCache } from './plugins/member-read-cache';
import { registerCompression } from './plugins/compression';
import { compiledSerializerCompiler } from './plugins/serializer';
import type { AppServices } from './services';
import { requestLoggerFactory } from '../logging/request-logger';
import { servedAtRoot } from '../slices/product';
import type { TrustProxy } from '../config/config';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

const VERBOSE_LEVELS = new Set(['debug', 'trace']);

/** The line of a completed request, by the level it is logged at. */
const COMPLETED = { error: 'request completed with a server error', warn: 'slow request completed', info: 'request completed', debug: 'request completed' };

/** A request slower than this is logged at info level (warn) even when it succeeds. */
export const SLOW_REQUEST_MS = 500;

/**
 * Only the configured proxies may say who the client is (X-Forwarded-For) or how it came in.
 * A hop count trusts that many addresses from the right of the chain (fastify itself treats
 * a bare number as "trust nothing"), so with one the app must be reachable only through them.
 */
function trustedProxies(setting: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** The whole HTTP application: cross-cutting plugins first, then the route modules by folder. */
export async function buildApp(services: AppServices): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: services.logger as FastifyBaseLogger,
    // A request's logger is made when it first writes, not for every request.
    childLoggerFactory: requestLoggerFactory,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Autoload imports every route module at start: on a busy machine that took longer than
    // fastify's default 10 s per plugin, and the server gave up starting.
    pluginTimeout: 60_000,
    // A client must send its whole request (headers and body) within REQUEST_TIMEOUT_SECONDS,
    // its headers within a third of that: a connection still sending then is answered 408
    // and closed, so slow or stalled clients cannot hold the server's connections. Node
    // checks every second. The answer itself is not limited (idea streams run longer).
    requestTimeout: services.config.REQUEST_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: Math.ceil((services.config.REQUEST_TIMEOUT_SECONDS * 1000) / 3),
      connectionsCheckingInterval: 1_000,
    },
    // One line per request instead of fastify's two, and successes only at debug level:
    // logging every success at info cost a busy server more than its own reads (fastify 5's
    // LogController; the top-level disableRequestLogging option is deprecated, FSTDEP023).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustedProxies(services.config.TRUST_PROXY),
  });

  app.setValidatorCompiler(validatorCompiler);
  // Responses go through fast-json-stringify compiled from the zod schemas (plugins/serializer.ts).
  app.setSerializerCompiler(compiledSerializerCompiler);
  // Hooks that do not wait take fastify's callback form: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const { statusCode } = reply;
    const responseTime = reply.elapsedTime;
    // Nothing is built for a request that logs nothing (most of them).
    const level = statusCode >= 500 ? 'error' : responseTime >= SLOW_REQUEST_MS ? 'warn' : statusCode >= 400 ? 'info' : VERBOSE_LEVELS.has(request.log.level) ? 'debug' : undefined;
    if (level) request.log[level]({ req: request, statusCode, responseTime }, COMPLETED[level]);
    done();
  });

  registerErrorHandler(app);
  registerRequestTextGuard(app);
  await registerSecurity(app, services.config.PUBLIC_URL);
  await registerSessions(app, services);
  // Before compression: it keeps the answer as serialised, and sends a hit compressed as compression would.
  await registerMemberReadCache(app, services);
  await registerCompression(app);
  registerIdempotency(app, { db: services.database.db, now: () => services.clock.now() });
  await registerOpenApi(app, { production: services.config.NODE_ENV === 'production' });

  // Autoload imports the route modules itself. It recognises TypeScript under vitest or a
  // `--require` hook, but not tsx loaded with `node --import tsx` (how npm start runs): say so.
  process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';
  // Every slice's route folders (`Slice.routeFolders`, most under routes/api/<area>/) are
  // registered under /api with the services, those under routes/site/<area>/ at the site's root
  // (the sitemap, robots.txt); each folder's autohooks.ts declares who may call its routes.
  // Folder names are not part of the paths (a module may set `autoPrefix`, as auth does).
  for (const dir of services.product.routeFolders) {
    const prefix = servedAtRoot(dir) ? '' : '/api';
    await app.register(autoload, { dir, dirNameRoutePrefix: false, autoHooks: true, options: { prefix, services } });
  }

  await registerFrontend(app, services.frontendDir, pageMetaReader(services.blog), services.config.PUBLIC_URL);
  return app;
}
