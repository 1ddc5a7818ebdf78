import { useAuth } from '../lib/auth/auth-provider';
import { AdminHome } from './admin-home';
import { UserHome } from './user-home';

/** /dashboard (protected): admins see the admin home, everyone else the user home. */
export default function DashboardPage() {
  const { user } = useAuth();
  return user?.role === 'admin' ? <AdminHome /> : <UserHome />;
}
