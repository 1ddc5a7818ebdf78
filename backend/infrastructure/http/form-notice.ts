import type { FastifyReply, FastifyRequest } from 'fastify';
import { FORM_NOTICE_ID, type FormNotice, formPostPaths } from '../../application/contracts/form-posts';

/**
 * A form posted without the app's scripts (routes/api/forms/) is answered with a 303 to a page;
 * what that page should say about the post travels in this cookie (signed, httpOnly, a minute
 * long, read once by plugins/frontend.ts), never in the URL and never with what was typed.
 */
export const FORM_NOTICE_COOKIE = 'skilly_form_notice';
const LIFETIME_S = 60;

export function setFormNotice(reply: FastifyReply, notice: FormNotice, production: boolean) {
  reply.setCookie(FORM_NOTICE_COOKIE, JSON.stringify(notice), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: production,
    signed: true,
    maxAge: LIFETIME_S,
  });
}

/** The notice the request carries, if any (its cookie is cleared: a reload shows the plain form). */
export function takeFormNotice(request: FastifyRequest, reply: FastifyReply): FormNotice | null {
  const raw = request.cookies[FORM_NOTICE_COOKIE];
  if (!raw) return null;
  reply.clearCookie(FORM_NOTICE_COOKIE, { path: '/' });
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const notice = JSON.parse(unsigned.value) as Partial<FormNotice>;
    const known = typeof notice.form === 'string' && Object.hasOwn(formPostPaths, notice.form);
    if (!known || typeof notice.message !== 'string' || (notice.intent !== 'danger' && notice.intent !== 'success')) return null;
    return { form: notice.form as FormNotice['form'], message: notice.message, intent: notice.intent };
  } catch {
    return null;
  }
}

/** The notice as a JSON script for a page the app renders itself (`<` escaped: it can never close the element). */
export function formNoticeScript(notice: FormNotice): string {
  return `<script type="application/json" id="${FORM_NOTICE_ID}">${JSON.stringify(notice).replace(/</g, '\\u003c')}</script>`;
}
