/**
 * Where the forms that hold a secret post (method="post", never a GET: a password must never be
 * in a URL, the history or a proxy's log). The app's scripts handle each form once they run; a
 * form submitted before that (a slow phone on a prerendered page) is posted by the browser
 * itself, and the server answers it (infrastructure/http/routes/api/forms/) with a 303 to a page:
 * signed in, or back to the form with a `FormNotice`. A new form with a secret (contact, admin)
 * gets its path here and its answer there. No schema lives here: a visitor's page needs these
 * paths without zod (the forms' schemas are in ./auth.ts).
 */
export const formPostPaths = {
  signIn: '/api/forms/sign-in',
  signUp: '/api/forms/sign-up',
  forgotPassword: '/api/forms/forgot-password',
  resetPassword: '/api/forms/reset-password',
  /** The contact form (issue 34): answered with a 303 to /contact?sent=1, or /contact?failed=1. */
  contact: '/api/forms/contact',
} as const;

export type PostedForm = keyof typeof formPostPaths;

/** What the page the server sends the person back to shows on that form (never what was typed). */
export interface FormNotice {
  form: PostedForm;
  message: string;
  intent: 'danger' | 'success';
}

/** The id of the JSON script in a page (not prerendered) that carries a `FormNotice`. */
export const FORM_NOTICE_ID = 'skilly-form-notice';
