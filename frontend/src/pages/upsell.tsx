import { Navigate } from 'react-router-dom';
import { UpsellScreen } from '../features/billing/components/upsell-screen';
import { RequireRole } from '../lib/auth/require-role';

/** /upsell: visitors go to sign up (then back here), pro members to their dashboard (spec §2). */
export default function UpsellPage() {
  return (
    <RequireRole
      roles={['free', 'moderator', 'admin']}
      signInTo="/auth?tab=signup&redirect=/upsell"
      otherwise={<Navigate to="/dashboard" replace />}
    >
      <UpsellScreen />
    </RequireRole>
  );
}
