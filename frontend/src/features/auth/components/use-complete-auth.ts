import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client';
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
        } catch (error) {
          // A token the server no longer knows (expired, saved by another account) will not work later either;
          // otherwise they stay in session storage: the trial page still shows them and the next sign-in tries again.
          if (error instanceof ApiError && (error.status === 400 || error.status === 404)) pendingIdeas.clear();
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
