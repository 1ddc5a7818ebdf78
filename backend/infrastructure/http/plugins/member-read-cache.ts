import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { READ_MODELS_CHANGED_CHANNEL } from '../../../projections/runner/projection-runner';
import { ShortLivedCache } from '../short-lived-cache';
import type { AppServices } from '../services';

/** How long a member's read is answered from memory when nothing announced a change. */
export const MEMBER_READ_TTL_MS = 5_000;
const MAX_ENTRIES = 20_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's 200 answer depends only on the signed-in member, the URL and the event log:
     * it may be answered from memory until a projection applies new events (see below).
     */
    cachedPerMember?: boolean;
  }
  interface FastifyRequest {
    memberReadGeneration?: number;
  }
  interface FastifyInstance {
    memberReadCache: ShortLivedCache<CachedRead>;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Headers of an answer that belong to its sending, not to what it says. */
const NOT_KEPT = ['content-length', 'date', 'set-cookie', 'x-request-id'];

type CachedRead = { payload: string; headers: Record<string, string | number | string[]> };

/**
 * Member reads answered from memory. A route opts in with `config: { cachedPerMember: true }`;
 * its serialised 200 answer is kept per member and URL for a few seconds, and the whole cache
 * is dropped whenever it may be out of date:
 * - a projection serving members applied events (the runner's NOTIFY at its commit reaches
 *   every instance: another member's action, an admin's, a payment, a sweep);
 * - a mutation is answered here (it waited for the read models, so its member's next read is
 *   fresh; an error answer does not wait, so its refund is read from the log afresh).
 * A lookup that began before a drop never stores its answer after it. The member is resolved
 * and the route's guard and validation run before the lookup, so a hit is only ever the
 * caller's own answer.
 */
export async function registerMemberReadCache(app: FastifyInstance, services: AppServices) {
  const cache = new ShortLivedCache<CachedRead>(MEMBER_READ_TTL_MS, MAX_ENTRIES);
  app.decorate('memberReadCache', cache);
  const unlisten = await services.database.listen(READ_MODELS_CHANGED_CHANNEL, () => cache.clear());
  app.addHook('onClose', async () => {
    await unlisten().catch(() => {});
  });
  const keyOf = (userId: string, url: string) => `${userId} ${url}`;

  // Only on the routes that opted in (a route's own preHandler runs after the app's).
  app.addHook('onRoute', (route) => {
    if (route.method !== 'GET' || !route.config?.cachedPerMember) return;
    const answerFromMemory: preHandlerAsyncHookHandler = async (request, reply) => {
      if (!request.user) return;
      const cached = cache.get(keyOf(request.user.id, request.url), services.clock.now().getTime());
      if (cached !== undefined) return reply.headers(cached.headers).send(cached.payload);
      request.memberReadGeneration = cache.begin();
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), answerFromMemory] as typeof route.preHandler;
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (!READS.has(request.method)) {
      cache.clear();
    } else if (request.memberReadGeneration !== undefined && reply.statusCode === 200 && typeof payload === 'string' && request.user) {
      const headers = { ...reply.getHeaders() } as CachedRead['headers'];
      for (const name of NOT_KEPT) delete headers[name];
      cache.set(keyOf(request.user.id, request.url), { payload, headers }, request.memberReadGeneration, services.clock.now().getTime());
    }
    done(null, payload);
  });
}
