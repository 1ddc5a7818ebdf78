import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailLinkRequestSchema,
  errorResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
  userSchema,
  type SignupRequest,
} from '../../../../../application/contracts/auth';
import { revokeSession } from '../../../../../application/identity/sessions';
import { SESSION_OPTIONAL, SESSION_REQUIRED } from '../../../plugins/openapi';
import { actorOf, clearSessionCookie, setSessionCookie } from '../../../plugins/sessions';
import { awaitProjections } from '../../../read-your-writes';
import { toUserResponse } from '../../../user-response';
import { apiRoutes, type AppServices } from '../../../services';

const authResponseSchema = z.object({ user: userSchema, message: z.string() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };

export function authRoutes(services: AppServices): FastifyPluginAsyncZod {
  const production = services.config.NODE_ENV === 'production';
  const { identity, progress, database } = services;

  return async (app) => {
    app.get(
      '/me',
      {
        schema: { operationId: 'getMe', security: SESSION_REQUIRED, tags: ['auth'], summary: 'The signed-in account', response: { 200: userSchema, 401: errorResponseSchema } },
      },
      async (request, reply) => {
        if (!request.user) return reply.status(401).send({ message: 'Not signed in', code: 'unauthenticated' });
        return toUserResponse(request.user);
      },
    );

    app.post(
      '/login',
      {
        schema: {
          operationId: 'signIn',
          tags: ['auth'],
          summary: 'Sign in with email and password',
          body: loginRequestSchema,
          response: { 200: authResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user, token } = await identity.signIn({ ...request.body, ip: request.ip }, { userAgent: request.headers['user-agent'], requestId: request.id });
        setSessionCookie(reply, token, production);
        return { user: toUserResponse(user), message: 'Signed in' };
      },
    );

    app.post(
      '/signup',
      {
        schema: {
          operationId: 'signUp',
          tags: ['auth'],
          summary: 'Create a free account and sign in',
          description: 'The account is always a free member; a role in the body is ignored.',
          body: signupRequestSchema,
          response: { 201: authResponseSchema, 202: errorResponseSchema, ...errors },
        },
        config: {
          // A replayed sign-up (same Idempotency-Key and body) answers "Account created" as the
          // first did, so it must come signed in too; the first cookie is never kept. The body
          // carries the password: the replay signs in with it, and so gets no session once the
          // password has changed (or the account is disabled). Other answers carried no cookie.
          async beforeIdempotentReplay(request, reply, status) {
            if (status !== 201) return;
            const { email, password } = request.body as SignupRequest;
            const { token } = await identity.signIn({ email, password, ip: request.ip });
            setSessionCookie(reply, token, production);
          },
        },
      },
      async (request, reply) => {
        const { firstName, lastName, email, password } = request.body;
        const origin = { actor: null, requestId: request.id };
        const { userId, position } = await identity.signUp({ firstName, lastName, email, password, ip: request.ip }, origin);
        // A new member starts with this month's credits, so the first screen shows them.
        const ledger = await services.credits.sync({ userId, role: 'free' }, origin);
        if (!(await awaitProjections(progress, ledger.position ?? position, reply))) return reply;
        const { user, token } = await identity.startSession(userId, { userAgent: request.headers['user-agent'], requestId: request.id });
        setSessionCookie(reply, token, production);
        return reply.status(201).send({ user: toUserResponse(user), message: 'Account created' });
      },
    );

    app.post(
      '/logout',
      { schema: { operationId: 'signOut', security: SESSION_OPTIONAL, tags: ['auth'], summary: 'End this session', response: { 200: messageResponseSchema } } },
      async (request, reply) => {
        if (request.sessionToken) {
          await revokeSession(database.db, request.sessionToken, services.clock.now());
          app.sessionCache.clear();
        }
        clearSessionCookie(reply, production);
        return { message: 'You have been logged out successfully' };
      },
    );

    app.post(
      '/forgot-password',
      {
        schema: {
          operationId: 'requestPasswordReset',
          tags: ['auth'],
          summary: 'Email a password reset link',
          body: forgotPasswordRequestSchema,
          response: { 200: messageResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => {
        // The link is built from PUBLIC_URL, never from this request's Host headers.
        await identity.requestPasswordReset(request.body.email, request.ip);
        return { message: "If an account exists for that email, we've sent a link to reset your password." };
      },
    );

    app.post(
      '/reset-password',
      {
        schema: {
          operationId: 'resetPassword',
          tags: ['auth'],
          summary: 'Choose a new password with the emailed token',
          body: resetPasswordRequestSchema,
          response: { 200: messageResponseSchema, 202: errorResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const position = await identity.resetPassword(request.body.token, request.body.password, {
          actor: actorOf(request),
          requestId: request.id,
        });
        if (!(await awaitProjections(progress, position, reply))) return reply;
        return { message: 'Your password has been changed. Please sign in with your new password.' };
      },
    );

    app.post(
      '/confirm-email',
      {
        schema: {
          operationId: 'confirmEmail',
          tags: ['auth'],
          summary: "Confirm the account's email address with the welcome email's token",
          description: 'Until its address is confirmed, no email to an account carries anything typed by a visitor (names, subjects).',
          body: emailLinkRequestSchema,
          response: { 200: messageResponseSchema, 202: errorResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const position = await identity.confirmEmail(request.body.token, { actor: actorOf(request), requestId: request.id });
        if (!(await awaitProjections(progress, position, reply))) return reply;
        return { message: 'Your email address is confirmed. Thank you!' };
      },
    );

    app.post(
      '/restore-email',
      {
        schema: {
          operationId: 'restoreEmail',
          tags: ['auth'],
          summary: 'Put back the email address an account had, with the token of the change notice',
          description: 'Valid 7 days after the change. Every session of the account ends; choose a new password with "Forgot password" next.',
          body: emailLinkRequestSchema,
          response: { 200: messageResponseSchema, 202: errorResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const position = await identity.restoreEmail(request.body.token, { actor: actorOf(request), requestId: request.id });
        app.sessionCache.clear();
        if (!(await awaitProjections(progress, position, reply))) return reply;
        return { message: 'Your email address is back on your account and everyone has been signed out. Choose a new password with "Forgot password" to keep it safe.' };
      },
    );

  };
}

/** The auth routes live under /api/auth. */
export const autoPrefix = '/auth';
export default apiRoutes(authRoutes);
