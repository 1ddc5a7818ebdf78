import { lazy, Suspense } from 'react';
import { LoadingText } from '../components/ui/loading-text';

// The dashboard and its tabs are their own chunks: members and visitors never download them.
const AdminDashboard = lazy(() => import('../features/admin/components/admin-dashboard'));

/** The admin home (at / and /dashboard, back-office §2): the admin dashboard with its tabs. */
export function AdminHome() {
  return (
    <Suspense fallback={<LoadingText />}>
      <AdminDashboard />
    </Suspense>
  );
}
