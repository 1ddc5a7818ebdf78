import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { meQueryKey } from '../../../lib/auth/api/get-me';
import { refetchCreditQueries } from '../../../lib/query-client';

/** How often, and how long, the member is read again while the payment provider's word is on its way. */
export const UPGRADE_POLL_MS = 2_000;
export const UPGRADE_POLL_LIMIT = 15;

/**
 * Arriving at /dashboard?success=true from checkout (spec §2): the member's role and allowances
 * changed on the server while they were on the checkout page, so the signed-in user and the
 * credits are read again at once. The provider's confirmation may land a moment after the
 * browser does: until the member reads as Pro, they are read again every 2 s (for at most 30 s),
 * and the credits once more when the role turns Pro. `gaveUp`: the 30 s passed and the member is
 * still not Pro (no payment reached the server: a checkout left unfinished, or a hand-typed address).
 */
export function useUpgradeArrival(pro: boolean): { gaveUp: boolean } {
  const [params] = useSearchParams();
  const arrived = params.get('success') === 'true';
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!arrived) return;
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
    void refetchCreditQueries(queryClient);
  }, [arrived, queryClient]);

  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!arrived || pro) return;
    let asked = 0;
    const timer = setInterval(() => {
      asked += 1;
      if (asked > UPGRADE_POLL_LIMIT) {
        clearInterval(timer);
        setGaveUp(true);
      } else void queryClient.invalidateQueries({ queryKey: meQueryKey });
    }, UPGRADE_POLL_MS);
    return () => clearInterval(timer);
  }, [arrived, pro, queryClient]);

  const wasPro = useRef(pro);
  useEffect(() => {
    if (arrived && pro && !wasPro.current) void refetchCreditQueries(queryClient);
    wasPro.current = pro;
  }, [arrived, pro, queryClient]);

  return { gaveUp: arrived && gaveUp && !pro };
}
