import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resetPasswordFormSchema, signupFormSchema } from '../../../../../application/contracts/auth';
import { formPostPaths, type FormNotice } from '../../../../../application/contracts/form-posts';
import { googleSignInPaths, LINK_GOOGLE_PARAM } from '../../../../../application/contracts/form-posts';
import { setFormNotice } from '../../../form-notice';
import { apiRoutes, type AppServices } from '../../../services';

const FORM_BODY_LIMIT = 16 * 1024;
/** What the API call keeps of the browser's request: what the site check reads, the session, the client. */
const FORWARDED_HEADERS = ['host', 'origin', 'sec-fetch-site', 'cookie', 'user-agent'] as const;

type Fields = Partial<Record<string, string>>;
type ApiAnswer = { status: number; message: string | undefined; cookies: string | string[] | undefined };

/**
 * The forms that hold a secret (contracts/form-posts.ts) posted by the browser itself, before the
 * app's scripts have run: each is turned into the JSON call the app would have made, sent
 * through the whole API (the same CSRF check, session, validation, identity service and
 * throttles; from the same client address), and answered with a 303 to a page: signed in, or
 * back to the form with the API's message (plugins/frontend.ts shows it). Nothing typed is ever
 * put in a URL. Not in the OpenAPI document: these answer browsers with pages, not callers with JSON.
 */
export function formPostRoutes(services: AppServices): FastifyPluginAsyncZod {
  const production = services.config.NODE_ENV === 'production';

  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    const callApi = async (request: FastifyRequest, url: string, payload: object): Promise<ApiAnswer> => {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-request-id': request.id };
      for (const name of FORWARDED_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const answer = await app.inject({ method: 'POST', url, payload, headers, remoteAddress: request.ip });
      let message: unknown;
      try {
        message = (answer.json() as { message?: unknown }).message;
      } catch {
        message = undefined;
      }
      return { status: answer.statusCode, message: typeof message === 'string' ? message : undefined, cookies: answer.headers['set-cookie'] };
    };

    const back = (reply: FastifyReply, to: string, notice: FormNotice) => {
      setFormNotice(reply, notice, production);
      return reply.redirect(to, 303);
    };
    // The auth page finishes a sign-in as after the app's own (spec §4: pending trial ideas, the redirect).
    const signedIn = (reply: FastifyReply, answer: ApiAnswer, tab: 'signin' | 'signup', redirect: string | undefined) => {
      if (answer.cookies) reply.header('set-cookie', answer.cookies);
      return reply.redirect(authPage({ tab, 'signed-in': '1', redirect }), 303);
    };

    const post = (path: string, handler: (fields: Fields, request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) =>
      app.post(path.slice('/api'.length), { schema: { hide: true } }, (request, reply) => handler(fieldsOf(request.body), request, reply));

    post(formPostPaths.signIn, async (fields, request, reply) => {
      const redirect = fields.redirect || undefined;
      const answer = await callApi(request, '/api/auth/login', { email: fields.email ?? '', password: fields.password ?? '' });
      if (answer.status === 200) return signedIn(reply, answer, 'signin', redirect);
      return back(reply, authPage({ tab: 'signin', redirect }), {
        form: 'signIn',
        message: answer.message ?? 'Invalid email or password',
        intent: 'danger',
      });
    });

    post(formPostPaths.signUp, async (fields, request, reply) => {
      const redirect = fields.redirect || undefined;
      const again = authPage({ tab: 'signup', redirect });
      // The same rules as the form in the browser, the confirmation included.
      const form = signupFormSchema.safeParse(fields);
      if (!form.success) return back(reply, again, { form: 'signUp', message: form.error.issues[0].message, intent: 'danger' });
      const { confirmPassword: _confirmation, ...member } = form.data;
      const answer = await callApi(request, '/api/auth/signup', { ...member, role: 'free' });
      if (answer.status === 201) return signedIn(reply, answer, 'signup', redirect);
      if (answer.status === 202) {
        // Stored, not signed in yet: the person signs in in a moment.
        return back(reply, authPage({ tab: 'signin', redirect }), { form: 'signIn', message: answer.message ?? '', intent: 'success' });
      }
      return back(reply, again, { form: 'signUp', message: answer.message ?? 'Failed to create account', intent: 'danger' });
    });

    post(formPostPaths.forgotPassword, async (fields, request, reply) => {
      const answer = await callApi(request, '/api/auth/forgot-password', { email: fields.email ?? '' });
      if (answer.status === 200) {
        return back(reply, authPage({ tab: 'signin' }), { form: 'signIn', message: answer.message ?? '', intent: 'success' });
      }
      return back(reply, authPage({ tab: 'signin' }), {
        form: 'forgotPassword',
        message: answer.message ?? 'Failed to process password reset',
        intent: 'danger',
      });
    });

    post(formPostPaths.resetPassword, async (fields, request, reply) => {
      // The emailed link's own address, which already holds the token.
      const again = `/reset-password?${new URLSearchParams({ token: fields.token ?? '' })}`;
      const form = resetPasswordFormSchema.safeParse(fields);
      if (!form.success) return back(reply, again, { form: 'resetPassword', message: form.error.issues[0].message, intent: 'danger' });
      const answer = await callApi(request, '/api/auth/reset-password', { token: form.data.token, password: form.data.password });
      if (answer.status >= 200 && answer.status < 300) {
        return back(reply, authPage({ tab: 'signin' }), { form: 'signIn', message: answer.message ?? '', intent: 'success' });
      }
      return back(reply, again, { form: 'resetPassword', message: answer.message ?? 'Failed to process password reset', intent: 'danger' });
    });

    // Connecting Google to the existing account with its password (issue 52): the offer's token rides in the form.
    post(formPostPaths.linkGoogle, async (fields, request, reply) => {
      const redirect = fields.redirect || undefined;
      const answer = await callApi(request, googleSignInPaths.link, { token: fields.token ?? '', password: fields.password ?? '' });
      if (answer.status === 200) return signedIn(reply, answer, 'signin', redirect);
      return back(reply, authPage({ tab: 'signin', [LINK_GOOGLE_PARAM]: fields.token, redirect }), {
        form: 'linkGoogle',
        message: answer.message ?? 'Invalid email or password',
        intent: 'danger',
      });
    });

    // The contact form (nothing secret, but private): the message is never put in a URL; the page says sent or failed.
    post(formPostPaths.contact, async (fields, request, reply) => {
      const { name = '', email = '', subject = '', message = '' } = fields;
      const answer = await callApi(request, '/api/contact', { name, email, subject, message });
      return reply.redirect(answer.status === 201 ? '/contact?sent=1' : '/contact?failed=1', 303);
    });
  };
}

function fieldsOf(body: unknown): Fields {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function authPage(params: Record<string, string | undefined>): string {
  const present = Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return `/auth?${new URLSearchParams(present)}`;
}

export default apiRoutes(formPostRoutes);
