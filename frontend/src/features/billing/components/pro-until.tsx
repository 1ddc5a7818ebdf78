import './pro-until.css';
import type { User } from '@contracts/auth';
import { useSubscription } from '../api/get-subscription';
import { formatDay } from './billing-format';

/**
 * A Pro member whose subscription is cancelled keeps Pro until the paid period ends: "Pro until
 * {date}" says when (on the dashboard's subscription box and the profile's Account Type). Nothing
 * for anyone else, nor while the subscription is read.
 */
export function ProUntil({ role }: { role: User['role'] }) {
  const pro = role === 'pro';
  const subscription = useSubscription({ enabled: pro });
  const end = subscription.data?.status === 'cancelling' ? subscription.data.currentPeriodEnd : null;
  if (!pro || !end) return null;
  return (
    <p className="pro-until" data-testid="pro-until">
      Pro until {formatDay(end)}
    </p>
  );
}
