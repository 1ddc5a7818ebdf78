import { Navigate } from 'react-router-dom';
import { UpsellScreen } from '../features/billing/components/upsell-screen';
import { RequireRole } from '../lib/auth/require-role';

/**
 * /upsell: only free members see it (spec §2, §6: "not shown" to staff, whose checkout the server refuses);
 * visitors go to sign up (then back here), pro members and staff to their dashboard.
 */
export default function UpsellPage() {
  return (
    <RequireRole
      roles={['free']}
      signInTo="/auth?tab=signup&redirect=/upsell"
      otherwise={<Navigate to="/dashboard" replace />}
    >
      <UpsellScreen />
    </RequireRole>
  );
}
