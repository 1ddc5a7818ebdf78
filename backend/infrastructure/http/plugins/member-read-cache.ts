import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { READ_MODELS_CHANGED_CHANNEL } from '../../../projections/runner/projection-runner';
import { ShortLivedCache } from '../short-lived-cache';
import { answerEncoding, compressAnswer, COMPRESSION_THRESHOLD_BYTES, type AnswerEncoding } from './compression';
import { dropAfterMutation } from '../session-cache';
import type { AppServices } from '../services';

/** How long a member's read is answered from memory when nothing announced a change. */
export const MEMBER_READ_TTL_MS = 5_000;
/**
 * What the cache may hold: answers, bytes in all, and bytes of one member (room for about four
 * of the largest idea-set pages with their compressed forms, more than a member's screens read at once).
 */
export const MEMBER_READ_LIMITS = { entries: 20_000, bytes: 64 * 1024 * 1024, bytesPerOwner: 3 * 1024 * 1024 };
/** Counted for an answer's key, headers and bookkeeping besides its bytes and their compressed forms. */
const ENTRY_OVERHEAD_BYTES = 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's 200 answer depends only on the signed-in member, the path parameters, the
     * query its schema declares and the event log: it may be answered from memory until a
     * projection applies new events (see below).
     */
    cachedPerMember?: boolean;
  }
  interface FastifyRequest {
    /**
     * The cache key of this read, the generation its lookup began in, and the headers the
     * request's earlier hooks had set by then (they set them again on a hit), when it missed.
     */
    memberRead?: { key: string; generation: number; headersBefore: Record<string, unknown> };
  }
  interface FastifyInstance {
    memberReadCache: ShortLivedCache<CachedRead>;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Headers of an answer that belong to its sending, not to what it says. */
const NOT_KEPT = ['content-length', 'date', 'set-cookie', 'x-request-id'];

/**
 * An answer as its bytes: encoded once when it is stored, so a hit is written as it stands (kept
 * as text, every hit encoded it to UTF-8 twice, once to count its length and once to send it).
 * On the largest page, GET /api/idea-sets, that took it from 0.45× to 0.52× a bare route (medians of three bench runs).
 */
type CachedRead = {
  payload: Buffer;
  headers: Record<string, string | number | string[]>;
  /**
   * The payload compressed in each encoding a hit was asked for (`null` while it is being
   * made, or when it is not kept), with the settings `@fastify/compress` uses: the plugin
   * compressed the answer again on every hit from a browser, which asks for br or gzip. The
   * answer's size counts room for them (`compressedRoom`, half a compressible payload; JSON
   * compresses far smaller): a form that does not fit what is left is not kept, and the answer
   * is compressed on each hit as before.
   */
  compressed: Partial<Record<AnswerEncoding, Buffer | null>>;
  compressedRoom: number;
};

/** What an answer of `payloadBytes` counts for its compressed forms: none when it is never compressed. */
const compressedRoomOf = (payloadBytes: number) => (payloadBytes < COMPRESSION_THRESHOLD_BYTES ? 0 : Math.ceil(payloadBytes / 2));

/**
 * Sends a kept answer. To a client that asks for an encoding, its compressed form once made,
 * with the headers `@fastify/compress` sets (which then leaves it as it is); until then the
 * answer as kept, which the plugin compresses as it leaves, while the form is made off the
 * event loop for the hits that follow.
 */
function sendKept(request: FastifyRequest, reply: FastifyReply, cached: CachedRead) {
  reply.headers(cached.headers);
  const encoding = answerEncoding(request.headers, cached.headers['content-type'], cached.payload.length);
  if (encoding === undefined) return reply.send(cached.payload);
  const compressed = cached.compressed[encoding];
  if (!compressed) {
    if (compressed === undefined) keepCompressed(cached, encoding);
    return reply.send(cached.payload);
  }
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!String(vary).toLowerCase().includes('accept-encoding')) reply.header('vary', `${String(vary)}, accept-encoding`);
  return reply.header('content-encoding', encoding).send(compressed);
}

function keepCompressed(cached: CachedRead, encoding: AnswerEncoding) {
  cached.compressed[encoding] = null;
  compressAnswer(encoding, cached.payload).then(
    (compressed) => {
      if (compressed.length > cached.compressedRoom) return;
      cached.compressed[encoding] = compressed;
      cached.compressedRoom -= compressed.length;
    },
    // Left at null: this answer's hits in that encoding are compressed as they leave.
    () => undefined,
  );
}

/**
 * Member reads answered from memory. A route opts in with `config: { cachedPerMember: true }`;
 * its serialised 200 answer is kept for a few seconds per member and what the route reads: its
 * path parameters and its validated query. A query parameter the route's schema does not
 * declare is ignored (the validator drops it; a route without a query schema reads none), so
 * a junk parameter is the same read. The cache is bounded by answers, bytes and bytes per
 * member (MEMBER_READ_LIMITS; expired answers are dropped as new ones come), so no stream of
 * URLs from one member fills memory or pushes the others out. The whole cache is dropped
 * whenever it may be out of date:
 * - a projection serving members applied events (the runner's NOTIFY at its commit reaches
 *   every instance: another member's action, an admin's, a payment, a sweep);
 * - a mutation is answered here (it waited for the read models, so its member's next read is
 *   fresh; an error answer does not wait, so its refund is read from the log afresh): a
 *   member's own mutation drops only their answers, staff's and visitors' everyone's.
 * A lookup that began before a drop never stores its answer after it. The member is resolved
 * and the route's guard and validation run before the lookup, so a hit is only ever the
 * caller's own answer.
 */
export async function registerMemberReadCache(app: FastifyInstance, services: AppServices) {
  const cache = new ShortLivedCache<CachedRead>(MEMBER_READ_TTL_MS, MEMBER_READ_LIMITS);
  app.decorate('memberReadCache', cache);
  const unlisten = await services.database.listen(READ_MODELS_CHANGED_CHANNEL, () => cache.clear());
  app.addHook('onClose', async () => {
    await unlisten().catch(() => {});
  });

  // Only on the routes that opted in (a route's own preHandler runs after the app's).
  app.addHook('onRoute', (route) => {
    if (route.method !== 'GET' || !route.config?.cachedPerMember) return;
    const readsParams = /[:*]/.test(route.url);
    const readsQuery = route.schema?.querystring !== undefined;
    // Callback form: a lookup costs no promise.
    const answerFromMemory: preHandlerHookHandler = (request, reply, done) => {
      if (!request.user) return done();
      let key = `${request.user.id} ${route.url}`;
      if (readsParams) key += ` ${JSON.stringify(request.params)}`;
      if (readsQuery) key += ` ${JSON.stringify(request.query)}`;
      const cached = cache.get(key, services.clock.now().getTime());
      if (cached !== undefined) {
        sendKept(request, reply, cached);
        return;
      }
      request.memberRead = { key, generation: cache.begin(), headersBefore: reply.getHeaders() };
      done();
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), answerFromMemory] as typeof route.preHandler;
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (!READS.has(request.method)) {
      dropAfterMutation(cache, request.user);
    } else if (request.memberRead !== undefined && reply.statusCode === 200 && typeof payload === 'string' && request.user) {
      const { key, generation, headersBefore } = request.memberRead;
      // Only what the route added: the hooks before the lookup set the rest on every request.
      const headers: CachedRead['headers'] = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined && headersBefore[name] !== value && !NOT_KEPT.includes(name)) headers[name] = value;
      }
      const bytes = Buffer.from(payload);
      // The key at two bytes a character: the most a JavaScript string takes.
      const compressedRoom = compressedRoomOf(bytes.length);
      const size = 2 * key.length + bytes.length + compressedRoom + ENTRY_OVERHEAD_BYTES;
      cache.set(key, { payload: bytes, headers, compressed: {}, compressedRoom }, generation, services.clock.now().getTime(), request.user.id, size);
    }
    done(null, payload);
  });
}
