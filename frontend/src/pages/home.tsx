import { useSearchParams } from 'react-router-dom';
import { LoadingText } from '../components/ui/loading-text';
import { LandingPage } from '../features/homepage/components/landing-page';
import { useAuth } from '../lib/auth/auth-provider';
import { AdminHome } from './admin-home';
import { UserHome } from './user-home';

/** `/`: "Loading..." while the session resolves; landing, admin home or user home; landing with editMode=true. */
export default function HomePage() {
  const { user, isLoading } = useAuth();
  const [params] = useSearchParams();
  if (isLoading) return <LoadingText />;
  if (params.get('editMode') === 'true' || !user) return <LandingPage />;
  return user.role === 'admin' ? <AdminHome /> : <UserHome />;
}
