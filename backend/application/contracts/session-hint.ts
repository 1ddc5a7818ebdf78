/**
 * Put in the head of every page the server sends to a request without a session cookie: the app
 * then knows nobody is signed in without asking GET /api/auth/me (whose 401 a browser logs as an
 * error on every visitor's page). frontend/src/lib/auth/session-hint.ts reads it.
 */
export const NO_SESSION_META = '<meta name="skilly-session" content="none">';
