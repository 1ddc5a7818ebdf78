import { Button, Callout } from '@blueprintjs/core';
import { createContext, type ReactNode, type Ref, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { RouterButton } from '../../../components/ui/router-button';
import { useAuth } from '../../../lib/auth/auth-provider';
import { bringIntoView } from '../../../lib/scroll';
import type { PlanLimit } from '../api/plan-errors';

type Shown = { limit: PlanLimit; place: string };
type Limits = { shown: Shown | null; show: (place: string, limit: PlanLimit) => void; dismiss: () => void };

const LimitContext = createContext<Limits | null>(null);

/** The plan page's one limit banner (spec §8), shown at the place of the action that met the limit. */
export function LimitBannerProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const value = useMemo<Limits>(() => ({ shown, show: (place, limit) => setShown({ place, limit }), dismiss: () => setShown(null) }), [shown]);
  return <LimitContext.Provider value={value}>{children}</LimitContext.Provider>;
}

/** Shows the banner at `place` (e.g. beside the help button of the task that met the limit). */
export function useShowLimit(place: string): (limit: PlanLimit) => void {
  const limits = useContext(LimitContext);
  return (limit) => limits?.show(place, limit);
}

/**
 * Spec §8: a spent help or milestone allowance, where the member clicked (the button is often far
 * below the top of the page): scrolled into view and focused when it appears. Upgrading is offered
 * only when it would help.
 */
export function LimitBanner({ place }: { place: string }) {
  const limits = useContext(LimitContext);
  const shown = limits?.shown?.place === place ? limits.shown : null;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown && ref.current) bringIntoView(ref.current);
  }, [shown]);
  if (!shown || !limits) return null;
  return <LimitCallout ref={ref} limit={shown.limit} onDismiss={limits.dismiss} />;
}

function LimitCallout({ limit, onDismiss, ref }: { limit: PlanLimit; onDismiss: () => void; ref: Ref<HTMLDivElement> }) {
  const { user } = useAuth();
  return (
    <div ref={ref} tabIndex={-1} className="plan-limit-banner-wrap">
      <Callout
        intent="warning"
        icon="warning-sign"
        className="plan-limit-banner"
        role="alert"
        data-testid="plan-limit-banner"
        title={limit.upgradeRequired ? 'Go Pro to unlock advanced features' : 'Limit Reached'}
      >
        <p>{limit.message}</p>
        <div className="plan-limit-actions">
          {limit.upgradeRequired ? (
            <RouterButton to={user ? '/upsell' : '/auth?tab=signup&redirect=/upsell'} intent="primary" icon="star" text="Upgrade to Pro" />
          ) : null}
          <Button variant="minimal" text="Dismiss" onClick={onDismiss} />
        </div>
      </Callout>
    </div>
  );
}
