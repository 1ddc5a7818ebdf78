import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { authRedirect, pendingIdeas, pendingPlan, planGeneratingUrl } from '../../../lib/pending-generation';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { useSavePendingIdeas } from '../api/save-pending-ideas';

/**
 * Spec §4 after authentication: pending trial ideas are saved first; a pending plan goes to
 * /generating?type=plan…; otherwise the remembered redirect or /dashboard. A fresh sign-up without a
 * remembered redirect goes to /upsell.
 */
export function useCompleteAuth() {
  const navigate = useNavigate();
  const { mutateAsync: savePending } = useSavePendingIdeas();

  return useCallback(
    async ({ freshSignup }: { freshSignup: boolean }) => {
      const ideas = pendingIdeas.read();
      if (ideas) {
        try {
          await savePending(ideas);
          pendingIdeas.clear();
        } catch {
          // Kept in session storage: the trial page still shows them and the next sign-in tries again.
        }
      }

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
    [navigate, savePending],
  );
}
