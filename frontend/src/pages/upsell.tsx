import { Navigate } from 'react-router-dom';
import { PageHeading } from '../components/ui/page-heading';
import { Splash } from '../components/ui/splash';
import { useAuth } from '../lib/auth/auth-provider';

/** /upsell: visitors go to sign up (then back here), pro members to their dashboard (spec §2). */
export default function UpsellPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Splash />;
  if (!user) return <Navigate to="/auth?tab=signup&redirect=/upsell" replace />;
  if (user.role === 'pro') return <Navigate to="/dashboard" replace />;
  return <PageHeading title="Upgrade to Pro" />;
}
