import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { authRedirect, pendingPlan, planGeneratingUrl } from '../../../lib/pending-generation';
import { safeRedirectPath } from '../../../lib/safe-redirect';

/**
 * Spec §4 after authentication: `beforeRedirect` runs first (the page passes the saving of pending
 * trial ideas, which belongs to the ideas feature); a pending plan goes to /generating?type=plan…;
 * otherwise the remembered redirect or /dashboard. A fresh sign-up without a remembered redirect goes
 * to /upsell.
 */
export function useCompleteAuth(beforeRedirect?: () => Promise<void>) {
  const navigate = useNavigate();

  return useCallback(
    async ({ freshSignup }: { freshSignup: boolean }) => {
      await beforeRedirect?.();

      const plan = pendingPlan.read();
      if (plan) {
        pendingPlan.clear();
        navigate(planGeneratingUrl(plan), { replace: true });
        return;
      }

      const redirect = safeRedirectPath(authRedirect.read());
      authRedirect.write(null);
      navigate(redirect ?? (freshSignup ? '/upsell' : '/dashboard'), { replace: true });
    },
    [navigate, beforeRedirect],
  );
}
