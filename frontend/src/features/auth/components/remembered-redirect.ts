import { useEffect } from 'react';
import { authRedirect } from '../../../lib/pending-generation';
import { safeRedirectPath } from '../../../lib/safe-redirect';

/**
 * The /auth page's `redirect` query is remembered for this visit (where spec §4 sends the person
 * once signed in); arriving without one forgets an older one.
 */
export function useRememberedRedirect(redirect: string | null) {
  useEffect(() => {
    authRedirect.write(safeRedirectPath(redirect));
  }, [redirect]);
}
