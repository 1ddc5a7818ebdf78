import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadingText } from '../components/ui/loading-text';
import { LandingPage } from '../features/homepage/components/landing-page';
import { useAuth } from '../lib/auth/auth-provider';
import { RequireRole } from '../lib/auth/require-role';

// Signed-in homes are their own chunks: a visitor's first load carries only the landing page.
const AdminHome = lazy(() => import('./admin-home').then((module) => ({ default: module.AdminHome })));
const UserHome = lazy(() => import('./user-home').then((module) => ({ default: module.UserHome })));

/** `/`: "Loading..." while the session resolves; landing, admin home or user home; landing with editMode=true. */
export default function HomePage() {
  const { user, isLoading } = useAuth();
  const [params] = useSearchParams();
  if (isLoading) return <LoadingText />;
  if (params.get('editMode') === 'true' || !user) return <LandingPage />;
  return (
    <Suspense fallback={<LoadingText />}>
      <RequireRole roles={['admin']} otherwise={<UserHome />}>
        <AdminHome />
      </RequireRole>
    </Suspense>
  );
}
