import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Splash } from '../../components/ui/splash';
import { useAuth } from './auth-provider';

/** Protected routes: splash while the session resolves, then /auth for visitors (spec §2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth();
  const location = useLocation();
  if (isLoading) return <Splash />;
  if (!isAuthenticated) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return <>{children}</>;
}
