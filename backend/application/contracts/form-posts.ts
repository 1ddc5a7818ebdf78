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
  /** Connecting Google to an existing account with its password (issue 52), posted from /auth?link-google=…. */
  linkGoogle: '/api/forms/link-google',
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

// ── "Continue with Google" (issue 52) ───────────────────────────────────────────
// Its paths and the /auth page's query live here too: a visitor's /auth island needs them without
// zod (the request schema is in ./auth.ts), and one small module keeps the app's first load from
// naming another chunk.
export const googleSignInPaths = {
  /** GET: which other sign-ins the site offers (`AuthProviders`); the /auth page shows the button from it. */
  providers: '/api/auth/providers',
  /** GET (a browser navigation): to Google, to sign in or create the account; `redirect`: where to go once signed in. */
  start: '/api/auth/google',
  /** GET (a browser navigation), signed in: to Google, to connect a Google account to this one (from /profile). */
  connect: '/api/auth/google/connect',
  /** GET: where Google sends the browser back. */
  callback: '/api/auth/google/callback',
  /** POST `{ token, password }`: connect the Google account to the existing account with its password, and sign in. */
  link: '/api/auth/google/link',
} as const;

/** What `GET /api/auth/providers` answers. */
export interface AuthProviders {
  google: boolean;
}

/**
 * The /auth query that asks for the existing account's password before Google is connected to
 * it (its value is the offer's token).
 */
export const LINK_GOOGLE_PARAM = 'link-google';

/** The /profile query after connecting Google from there: `connected`, or the refusal's code. */
export const PROFILE_GOOGLE_PARAM = 'google';
