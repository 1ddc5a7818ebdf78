import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Splash } from '../../components/ui/splash';
import { useAuth } from './auth-provider';

/**
 * Protected routes: splash while the session resolves, then visitors to /auth, back here afterwards
 * (spec §2), or to `signInTo` when the page names its own way in.
 */
export function RequireAuth({ children, signInTo }: { children: ReactNode; signInTo?: string }) {
  const { isLoading, isAuthenticated } = useAuth();
  const location = useLocation();
  if (isLoading) return <Splash />;
  if (!isAuthenticated) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={signInTo ?? `/auth?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return <>{children}</>;
}
