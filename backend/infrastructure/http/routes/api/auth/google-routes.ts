import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../../../../application/contracts/text';
import { authProvidersSchema, errorResponseSchema, googleLinkRequestSchema, userSchema } from '../../../../../application/contracts/auth';
import type { FormNotice } from '../../../../../application/contracts/form-posts';
import { googleSignInPaths, LINK_GOOGLE_PARAM, PROFILE_GOOGLE_PARAM } from '../../../../../application/contracts/form-posts';
import { messageOf } from '../../../../../application/errors/messages';
import { GOOGLE_REQUEST_LIFETIME_MS, GoogleSignInFailed, GoogleSignInNotSetUp } from '../../../../../application/identity/google-sign-in';
import { DomainError } from '../../../../../domain/shared/domain-error';
import { setFormNotice } from '../../../form-notice';
import { READ_YOUR_WRITES_TIMEOUT_MS } from '../../../read-your-writes';
import { SESSION_OPTIONAL, SESSION_REQUIRED } from '../../../plugins/openapi';
import { actorOf, setSessionCookie } from '../../../plugins/sessions';
import { toUserResponse } from '../../../user-response';
import { apiRoutes, type AppServices } from '../../../services';

/**
 * The browser's half of a Google sign-in's checks: the `state` sent to Google, which must come
 * back on the callback in the same browser (so a callback forged into someone else's browser
 * fails). Lax, so the top-level navigation back from Google carries it.
 */
const STATE_COOKIE = 'skilly_google_state';
const STATE_COOKIE_PATH = '/api/auth/google';

/** Where to go once signed in: a path of this site (the /auth page checks it again). */
const redirectSchema = text({ max: 500 })
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'redirect must be a path of this site')
  .optional();

/** What RFC 6749 allows in an authorization response's `code` and `error`: printable ASCII. */
const oauthText = text({ max: 2000 }).regex(/^[\x20-\x7e]+$/, 'not an authorization response');

const authPage = (params: Record<string, string | null | undefined>) => {
  const present = Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  return `/auth?${new URLSearchParams(present)}`;
};

/**
 * "Continue with Google" (issue 52). The two navigations (to Google, back from Google) answer
 * the browser with redirects: signed in to /auth?signed-in=1 (where the app finishes as after
 * any sign-in: spec §4's pending trial ideas and plan, the remembered redirect), or back to the
 * form with a notice. Without GOOGLE_CLIENT_ID every Google route answers 404.
 */
export function googleRoutes(services: AppServices): FastifyPluginAsyncZod {
  const production = services.config.NODE_ENV === 'production';
  const { googleSignIn, progress } = services;
  const notConfigured = (reply: FastifyReply) => reply.status(404).send({ message: messageOf(GoogleSignInNotSetUp()), code: 'not_found' });

  return async (app) => {
    const begin = async (reply: FastifyReply, memberId: string | null, redirect: string | null) => {
      const { url, state } = await googleSignIn.start({ memberId, redirect });
      reply.setCookie(STATE_COOKIE, state, { path: STATE_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: production, maxAge: GOOGLE_REQUEST_LIFETIME_MS / 1000 });
      return reply.redirect(url.href, 302);
    };
    const backToForm = (reply: FastifyReply, message: string, redirect?: string | null) => {
      const notice: FormNotice = { form: 'signIn', message, intent: 'danger' };
      setFormNotice(reply, notice, production);
      return reply.redirect(authPage({ tab: 'signin', redirect }), 302);
    };

    app.get(
      googleSignInPaths.providers.slice('/api/auth'.length),
      {
        schema: {
          operationId: 'getAuthProviders',
          tags: ['auth'],
          summary: 'The sign-in providers this site offers besides email and password',
          response: { 200: authProvidersSchema },
        },
      },
      async () => ({ google: googleSignIn.enabled }),
    );

    app.get(
      googleSignInPaths.start.slice('/api/auth'.length),
      {
        schema: {
          operationId: 'startGoogleSignIn',
          tags: ['auth'],
          summary: 'Continue with Google: sends the browser to Google to sign in or create the account',
          description:
            'Authorization code flow with PKCE, state and nonce. Answers 302 to Google; 404 when Google sign-in is not set up (GOOGLE_CLIENT_ID).',
          querystring: z.object({ redirect: redirectSchema }),
          response: { 302: z.null().describe('To Google'), 400: errorResponseSchema, 404: errorResponseSchema, 503: errorResponseSchema },
        },
      },
      async (request, reply) => {
        if (!googleSignIn.enabled) return notConfigured(reply);
        return begin(reply, null, request.query.redirect ?? null);
      },
    );

    app.get(
      googleSignInPaths.connect.slice('/api/auth'.length),
      {
        schema: {
          operationId: 'connectGoogleAccount',
          security: SESSION_REQUIRED,
          tags: ['auth'],
          summary: 'Connect a Google account to the signed-in account: sends the browser to Google',
          description: 'Back from Google, the browser lands on /profile?google=connected (or the refusal’s code). 404 when Google sign-in is not set up.',
          response: { 302: z.null().describe('To Google'), 401: errorResponseSchema, 404: errorResponseSchema, 503: errorResponseSchema },
        },
      },
      async (request, reply) => {
        if (!request.user) return reply.status(401).send({ message: 'Not signed in', code: 'unauthenticated' });
        if (!googleSignIn.enabled) return notConfigured(reply);
        return begin(reply, request.user.id, '/profile');
      },
    );

    app.get(
      googleSignInPaths.callback.slice('/api/auth'.length),
      {
        schema: {
          operationId: 'finishGoogleSignIn',
          security: SESSION_OPTIONAL,
          tags: ['auth'],
          summary: 'Where Google sends the browser back',
          description:
            'Checks the state against the browser’s cookie and the sign-in begun, redeems the code with the PKCE verifier and verifies the ID token ' +
            '(signature, issuer, audience, expiry, nonce); only a verified email is accepted. Answers 302: signed in to /auth?signed-in=1; an existing ' +
            'password account with that email to /auth?link-google=… (its password is asked, never linked silently); a refusal back to the form. ' +
            '404 when Google sign-in is not set up.',
          querystring: z
            .object({
              code: oauthText.optional(),
              state: text({ max: 200 }).regex(/^[\w-]+$/, 'state must be the one this site sent').optional(),
              error: oauthText.optional(),
            })
            .loose(),
          response: { 302: z.null().describe('To the site'), 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        if (!googleSignIn.enabled) return notConfigured(reply);
        const browserState = request.cookies[STATE_COOKIE];
        reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
        const callbackUrl = new URL(request.url, services.config.PUBLIC_URL);
        const origin = { actor: actorOf(request), requestId: request.id };
        // A signed-in member was connecting Google from their profile: the refusal goes back there, by its code.
        const refused = (error: DomainError) =>
          request.user ? reply.redirect(`/profile?${new URLSearchParams({ [PROFILE_GOOGLE_PARAM]: error.code })}`, 302) : backToForm(reply, messageOf(error));
        // The member said no at Google (or Google refused): back where they came from, with nothing done.
        if (request.query.error) {
          if (request.query.error === 'access_denied' && !request.user) return backToForm(reply, 'Signing in with Google was cancelled.');
          return refused(GoogleSignInFailed());
        }
        let outcome;
        try {
          outcome = await googleSignIn.finish({ callbackUrl, browserState, ip: request.ip, userAgent: request.headers['user-agent'] }, origin);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          request.log.info({ code: error.code }, 'a Google sign-in was refused');
          return refused(error);
        }
        switch (outcome.kind) {
          case 'signed-in':
            setSessionCookie(reply, outcome.token, production);
            return reply.redirect(authPage({ tab: 'signin', 'signed-in': '1', redirect: outcome.redirect }), 302);
          case 'registered': {
            // A new member starts with this month's credits, as after a password sign-up.
            const ledger = await services.credits.sync({ userId: outcome.userId, role: 'free' }, origin);
            if (!(await progress.waitFor(ledger.position ?? outcome.position, READ_YOUR_WRITES_TIMEOUT_MS))) {
              return backToForm(reply, 'Your account was created. Please continue with Google again in a moment.', outcome.redirect);
            }
            const { token } = await services.identity.startSession(outcome.userId, { userAgent: request.headers['user-agent'], requestId: request.id });
            setSessionCookie(reply, token, production);
            return reply.redirect(authPage({ tab: 'signup', 'signed-in': '1', redirect: outcome.redirect }), 302);
          }
          case 'link-offered':
            return reply.redirect(authPage({ tab: 'signin', [LINK_GOOGLE_PARAM]: outcome.offer, redirect: outcome.redirect }), 302);
          case 'linked':
            if (outcome.position) await progress.waitFor(outcome.position, READ_YOUR_WRITES_TIMEOUT_MS);
            return reply.redirect(`/profile?${PROFILE_GOOGLE_PARAM}=connected`, 302);
        }
      },
    );

    app.post(
      googleSignInPaths.link.slice('/api/auth'.length),
      {
        schema: {
          operationId: 'linkGoogleAccount',
          tags: ['auth'],
          summary: 'Connect Google to the existing account with its password, and sign in',
          description: 'The token is the one /auth?link-google=… holds after a Google sign-in whose email an account with a password has. A wrong password counts as a failed sign-in.',
          body: googleLinkRequestSchema,
          response: {
            200: z.object({ user: userSchema, message: z.string() }),
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request: FastifyRequest<{ Body: z.infer<typeof googleLinkRequestSchema> }>, reply) => {
        if (!googleSignIn.enabled) return notConfigured(reply);
        const { user, token } = await googleSignIn.linkWithPassword(
          { offer: request.body.token, password: request.body.password, ip: request.ip, userAgent: request.headers['user-agent'] },
          { actor: null, requestId: request.id },
        );
        setSessionCookie(reply, token, production);
        return { user: toUserResponse(user), message: 'Your Google account is connected. You can now sign in with it.' };
      },
    );
  };
}

/** The Google routes live under /api/auth, beside the others. */
export const autoPrefix = '/auth';
export default apiRoutes(googleRoutes);
