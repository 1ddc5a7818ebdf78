/**
 * Whether this tab knows nobody is signed in, so the current-user query answers null without
 * asking GET /api/auth/me (whose 401 the browser logs as an error on every visitor's page). It
 * knows when the server said the page was requested without a session cookie
 * (contracts/session-hint.ts), or once this tab has signed out; it forgets on a sign-in, here or
 * in another tab of the site (told through local storage: the cookie is the whole site's).
 */
const SIGNAL_KEY = 'skilly-session-changed';

let knownSignedOut =
  typeof document !== 'undefined' && document.querySelector('meta[name="skilly-session"][content="none"]') !== null;

export const knownToBeSignedOut = (): boolean => knownSignedOut;

/** A session began or ended in this tab: the other tabs ask again (`onSessionChangedElsewhere`). */
export function announceSessionChange(signedIn: boolean): void {
  knownSignedOut = !signedIn;
  try {
    localStorage.setItem(SIGNAL_KEY, String(Date.now()));
  } catch {
    // storage switched off: the other tabs learn on their next page load
  }
}

/** Calls `refresh` whenever another tab signs in or out; returns the unsubscribe. */
export function onSessionChangedElsewhere(refresh: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key !== SIGNAL_KEY) return;
    knownSignedOut = false;
    refresh();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
