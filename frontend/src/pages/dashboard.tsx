import { RequireRole } from '../lib/auth/require-role';
import { AdminHome } from './admin-home';
import { UserHome } from './user-home';

/** /dashboard (protected): admins see the admin home, everyone else the user home. */
export default function DashboardPage() {
  return (
    <RequireRole roles={['admin']} otherwise={<UserHome />}>
      <AdminHome />
    </RequireRole>
  );
}
