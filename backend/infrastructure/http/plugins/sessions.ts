import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Actor, UserActor } from '../../../domain/shared/actor';
import { membersNamed, resolveSession, SESSION_LIFETIME_MS, SESSIONS_CHANGED_CHANNEL } from '../../../application/identity/sessions';
import { dropAfterMutation, SessionCache } from '../session-cache';
import { documentAudience } from './openapi';
import { SESSION_COOKIE, type Audience } from './session-cookie';
import type { UserRow } from '../../../projections/users/users-projection';
import type { AppServices } from '../services';

export { SESSION_COOKIE, type Audience } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, or null for a visitor. */
    user: UserRow | null;
    sessionToken: string | null;
    /** The mutation left the signed-in member's account row as it was (`accountLeftAsItWas`). */
    accountUnchanged: boolean;
  }
  interface FastifyInstance {
    /** Sessions resolved in the last few seconds (see SessionCache). */
    sessionCache: SessionCache;
    /** Who may call each route ("POST /api/plans/generate"), as its folder's autohooks.ts declares. */
    routeAudiences: Map<string, readonly Audience[]>;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Called by a member's mutation that changed nothing of their own account row (role, status,
 * names, counters): a task ticked in a plan whose status stays. Their cached session stays, so
 * their next request asks the database nothing about it (a write that does change the row, or
 * ends a session, keeps the usual drop).
 */
export function accountLeftAsItWas(request: FastifyRequest): void {
  request.accountUnchanged = true;
}

export async function registerSessions(app: FastifyInstance, services: AppServices) {
  await app.register(cookie, { secret: services.cookieSecret });
  // A role guard runs before the body is read (onRequest, right after the session below): a
  // caller without the role learns only that (401/403), never whether the body would have been
  // read or what it should have been. Guards given as preHandler move up.
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler ?? []].flat();
    const guards = preHandlers.filter((hook) => roleGuards.has(hook));
    if (guards.length === 0) return;
    route.preHandler = preHandlers.filter((hook) => !roleGuards.has(hook));
    route.onRequest = [...[route.onRequest ?? []].flat(), ...guards] as typeof route.onRequest;
  });
  app.decorate('routeAudiences', new Map<string, readonly Audience[]>());
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('accountUnchanged', false);

  // Sessions ended anywhere (logout, new password, disabled or deleted account, on any
  // instance) and members' rows changed clear this instance's cache as soon as the NOTIFY
  // arrives: the members it names, or everyone when it names none.
  const cache = new SessionCache();
  app.decorate('sessionCache', cache);
  const unlisten = await services.database.listen(SESSIONS_CHANGED_CHANNEL, (payload) => {
    const members = membersNamed(payload);
    if (members.length === 0) cache.clear();
    else for (const member of members) cache.clearOwner(member);
  });
  app.addHook('onClose', async () => {
    await unlisten().catch(() => {});
  });
  // A mutation answered here (a reset password, a changed profile) may have changed a member:
  // its response waited for the read models, so the next read resolves sessions afresh, unless
  // the route knows the member's account row stayed as it was (`accountLeftAsItWas`).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!READS.has(request.method) && !request.accountUnchanged) dropAfterMutation(cache, request.user);
    done(null, payload);
  });

  // Callback form: a cached session (the usual case) costs no promise.
  const production = services.config.NODE_ENV === 'production';
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.url.startsWith('/api/') ? request.cookies[SESSION_COOKIE] : undefined;
    if (!raw) return done();
    const now = services.clock.now();
    // Keyed by the cookie as sent: only a cookie whose signature was checked is ever stored.
    const cached = cache.get(raw, now.getTime());
    if (cached) {
      request.user = cached.user;
      request.sessionToken = cached.token;
      return done();
    }
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return done();
    const token = unsigned.value;
    const generation = cache.begin();
    resolveSession(services.database.db, token, now).then((user) => {
      if (user) {
        // Signed with SESSION_SECRET_PREVIOUS: signed again with the current secret.
        if (unsigned.renew) setSessionCookie(reply, token, production);
        cache.set(raw, { user, token }, generation, now.getTime(), user.id);
        request.user = user;
        request.sessionToken = token;
      }
      done();
    }, done);
  });
}

export function setSessionCookie(reply: FastifyReply, token: string, production: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: production,
    signed: true,
    maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, production: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: production });
}

/**
 * Route guard: `requireRole('free', 'pro')` lets only those roles through. 'visitor' in the
 * list admits signed-out callers too. Use it as `onRequest` (as a `preHandler` it is moved
 * there by the hook above): the app's onRequest hooks, the session's among them, run first.
 */
const roleGuards = new WeakSet<object>();

export function requireRole(...allowed: Audience[]) {
  // Callback form: a caller let through costs no promise.
  const guard = function guard(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    if (!request.user) {
      if (allowed.includes('visitor')) return done();
      reply.status(401).send({ message: 'Please sign in to continue.', code: 'unauthenticated' });
      return;
    }
    if (!allowed.includes(request.user.role)) {
      reply.status(403).send({ message: "You don't have permission to do this.", code: 'forbidden' });
      return;
    }
    done();
  };
  roleGuards.add(guard);
  return guard;
}

export const signedIn = requireRole('free', 'pro', 'moderator', 'admin');

/**
 * Who may call the routes of one folder under `routes/api/`, declared once in the folder's
 * `autohooks.ts` (`export default audience('free', 'pro')`). Autoload applies it to every
 * route of that folder only, as an onRequest hook (after the app's, which resolve the session):
 * refused callers get 401/403 before any body is read, so a body the server cannot parse tells
 * a visitor nothing either. Every folder declares one (a test checks), so a new route is never
 * open by accident; `app.routeAudiences` lists each route's.
 */
export function audience(...allowed: Audience[]) {
  const everyone = (['visitor', 'free', 'pro', 'moderator', 'admin'] as const).every((a) => allowed.includes(a));
  const guard = requireRole(...allowed);
  return async function folderAudience(app: FastifyInstance) {
    app.addHook('onRoute', documentAudience(allowed));
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) app.routeAudiences.set(`${method} ${route.url}`, allowed);
    });
    if (!everyone) app.addHook('onRequest', guard);
  };
}

/**
 * The signed-in person a route acts for. Only for routes whose folder's audience admits signed-in
 * roles alone (the guard ran before the handler, so there is always a user there).
 */
export function memberOf(request: FastifyRequest): UserActor {
  const user = request.user;
  if (!user) throw new Error(`${request.method} ${request.url}: memberOf needs a folder whose audience requires a session`);
  return { kind: 'user', userId: user.id, role: user.role };
}

export function actorOf(request: FastifyRequest): Actor | null {
  return request.user ? { kind: 'user', userId: request.user.id, role: request.user.role } : null;
}
