import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Migration } from 'kysely';
import type { PersonalDataEraser } from '../../../application/account/personal-data';
import { isStorableText } from '../../../application/contracts/text';

/**
 * Client retries carry an `Idempotency-Key` header (design §3.7): the same key twice from the
 * same caller on the same route has one effect, and the second call gets the first answer
 * (status and body, with `Idempotent-Replayed: true`; a route adds what else the first answer
 * carried with `config.beforeIdempotentReplay`). The key with a different request
 * (route or body) is refused with 422; while the first call is still running, 409.
 *
 * One hook for every route in IDEMPOTENT_ROUTES. Only answers below 500 are kept: after a 5xx
 * the key is free again, so the retry runs. A streamed answer (the idea stream) cannot be
 * replayed: its key answers 409 "already ran", so a retry never spends a second credit.
 * The caller is the signed-in member, or the IP address for visitors (sign-up, trials).
 * Keys are kept for a day; expired ones are deleted as new ones arrive.
 */

export const IDEMPOTENT_ROUTES = new Set([
  'POST /api/auth/signup',
  'POST /api/idea-sets',
  'POST /api/idea-sets/save-pending',
  'POST /api/generate-ideas-stream',
  'POST /api/plans/generate',
  'POST /api/plans/:planId/milestones/:milestoneId/tasks',
  'POST /api/plans/:planId/generate-next-milestone',
  'POST /api/tasks/:taskId/help',
  'POST /api/support/tickets',
  'POST /api/support/tickets/:id/messages',
  'POST /api/admin/support-tickets/:id/messages',
  'POST /api/stripe/create-checkout-session',
  'POST /api/stripe/test-checkout/:id/pay',
]);

export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60_000;
/** A first call that left no answer this long ago (a crash) no longer blocks its key. */
const IN_FLIGHT_TIMEOUT_MS = 2 * 60_000;
const MAX_KEY_LENGTH = 200;

export interface IdempotencyKeysTable {
  caller: string;
  key: string;
  /** SHA-256 of method, URL and body. */
  request_hash: string;
  /** Null while the first call runs. */
  status: number | null;
  body: string | null;
  content_type: string | null;
  /** The answer was a stream: it cannot be replayed. */
  streamed: boolean;
  created_at: Date;
  expires_at: Date;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}

export const idempotencyKeysMigration: Migration = {
  async up(db) {
    await sql`
      create table idempotency_keys (
        caller text not null,
        key text not null,
        request_hash text not null,
        status integer,
        body text,
        content_type text,
        streamed boolean not null default false,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        primary key (caller, key)
      )`.execute(db);
    await sql`create index idempotency_keys_expiry on idempotency_keys (expires_at)`.execute(db);
  },
};

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { caller: string; key: string };
  }
  interface FastifyContextConfig {
    /**
     * Runs before a kept answer (of that status) is replayed, to give the replay what the first
     * answer carried besides its status and body, which is never kept (sign-up: a session
     * cookie). It may throw instead, and the error is answered rather than the kept answer.
     */
    beforeIdempotentReplay?: (request: FastifyRequest, reply: FastifyReply, status: number) => Promise<void>;
  }
}

const refuse = (reply: FastifyReply, status: number, message: string, code: string) => reply.status(status).send({ message, code });

export function registerIdempotency<DB>(app: FastifyInstance, deps: { db: Kysely<DB>; now: () => Date }) {
  const db = deps.db as unknown as Kysely<IdempotencyTables>;

  // After the role guards and validation, before the handler: only a request that would run is
  // recorded. A hook of those routes alone (a route's own preHandlers run after the app's).
  const guarded = new Set<string>();
  app.addHook('onRoute', (route) => {
    const matches = [route.method].flat().map((method) => `${method} ${route.url}`).filter((key) => IDEMPOTENT_ROUTES.has(key));
    if (matches.length === 0) return;
    matches.forEach((key) => guarded.add(key));
    route.preHandler = [claimKey, ...[route.preHandler ?? []].flat()] as typeof route.preHandler;
  });
  // A listed route that was renamed would lose its protection without a word.
  app.addHook('onReady', async () => {
    const missing = [...IDEMPOTENT_ROUTES].filter((key) => !guarded.has(key));
    if (missing.length > 0) throw new Error(`Idempotent routes not found: ${missing.join(', ')}`);
  });

  async function claimKey(request: FastifyRequest, reply: FastifyReply) {
    const given = request.headers['idempotency-key'];
    if (given === undefined) return;
    const key = Array.isArray(given) ? given[0] : given;
    if (!key || key.length > MAX_KEY_LENGTH || !isStorableText(key)) {
      return refuse(reply, 400, `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`, 'invalid_idempotency_key');
    }
    const caller = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
    const requestHash = createHash('sha256')
      // The URL as sent, not the route's pattern: one key for the help of task A and of task B
      // is two different requests.
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const now = deps.now();

    await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).execute();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        caller,
        key,
        request_hash: requestHash,
        status: null,
        body: null,
        content_type: null,
        streamed: false,
        created_at: now,
        expires_at: new Date(now.getTime() + IDEMPOTENCY_KEY_LIFETIME_MS),
      })
      .onConflict((oc) => oc.columns(['caller', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) {
      request.idempotency = { caller, key };
      return;
    }

    const first = await db.selectFrom('idempotency_keys').selectAll().where('caller', '=', caller).where('key', '=', key).executeTakeFirst();
    if (!first) return refuse(reply, 409, 'A request with this Idempotency-Key is being processed. Please retry shortly.', 'idempotency_in_progress');
    if (first.request_hash !== requestHash) {
      return refuse(reply, 422, 'This Idempotency-Key was already used with a different request. Use a new key for a new request.', 'idempotency_key_reused');
    }
    if (first.status === null) {
      // A first call that never answered (the process died) gives the key back after a while.
      const stale = await db
        .updateTable('idempotency_keys')
        .set({ created_at: now })
        .where('caller', '=', caller)
        .where('key', '=', key)
        .where('status', 'is', null)
        .where('created_at', '<', new Date(now.getTime() - IN_FLIGHT_TIMEOUT_MS))
        .returning('key')
        .executeTakeFirst();
      if (stale) {
        request.idempotency = { caller, key };
        return;
      }
      return refuse(reply, 409, 'A request with this Idempotency-Key is being processed. Please retry shortly.', 'idempotency_in_progress');
    }
    reply.header('idempotent-replayed', 'true');
    if (first.streamed) {
      return refuse(
        reply,
        409,
        'This request already ran with this Idempotency-Key; its result cannot be streamed again. Generated ideas are in your idea sets.',
        'idempotency_already_streamed',
      );
    }
    await request.routeOptions.config.beforeIdempotentReplay?.(request, reply, first.status);
    if (first.content_type) reply.header('content-type', first.content_type);
    return reply.status(first.status).send(first.body ?? '');
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    const mark = request.idempotency;
    if (!mark) return done(null, payload);
    request.idempotency = undefined;
    recordAnswer(mark, reply, payload).then((sent) => done(null, sent), done);
  });

  async function recordAnswer(mark: { caller: string; key: string }, reply: FastifyReply, payload: unknown) {
    const where = db.updateTable('idempotency_keys').where('caller', '=', mark.caller).where('key', '=', mark.key);
    if (reply.statusCode >= 500 || reply.statusCode === 409 || reply.statusCode === 429) {
      // Nothing to replay: the retry should run. A failure, a change that lost a race or a rule's
      // refusal (409) and a limit for now (429) wrote nothing, and may go otherwise next time (the
      // limit resets, the race is gone); replaying them for a day would refuse a retry that may pass.
      await db.deleteFrom('idempotency_keys').where('caller', '=', mark.caller).where('key', '=', mark.key).execute();
      return payload;
    }
    const streamed = !(typeof payload === 'string' || Buffer.isBuffer(payload) || payload === undefined || payload === null);
    const contentType = reply.getHeader('content-type');
    await where
      .set({
        status: reply.statusCode,
        body: streamed ? null : payload === undefined || payload === null ? '' : payload.toString(),
        content_type: typeof contentType === 'string' ? contentType : null,
        streamed,
      })
      .execute();
    return payload;
  }
}

/**
 * Account erasure: the member's kept answers go, and so does any other kept answer that names
 * their account (the sign-up's, kept under the IP address, carries the new account with its id,
 * names and email).
 */
export function idempotencyKeysEraser<DB>(database: Kysely<DB>): PersonalDataEraser {
  const db = database as unknown as Kysely<IdempotencyTables>;
  return {
    tables: ['idempotency_keys'],
    async erase({ userId }) {
      await db
        .deleteFrom('idempotency_keys')
        .where((eb) => eb.or([eb('caller', '=', `user:${userId}`), eb(sql<number>`strpos(coalesce(body, ''), ${userId})`, '>', 0)]))
        .execute();
    },
  };
}
