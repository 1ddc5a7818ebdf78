import { lazy, Suspense } from 'react';
import { LoadingText } from '../components/ui/loading-text';
import { PageHeading } from '../components/ui/page-heading';
import { SupportScreen } from '../features/support/components/support-screen';
import { useAuth } from '../lib/auth/auth-provider';
import { isStaff } from '../lib/auth/roles';

// The staff desk is its own chunk: members never download it.
const SupportDesk = lazy(() => import('../features/admin/support/components/support-desk'));

/**
 * Staff on /support (design §5: moderators have no admin area but answer support tickets; admins
 * also reach the desk from the dashboard's Support tab): every member's tickets, within the page's
 * width under its heading like every other page.
 */
export function StaffSupport() {
  return (
    <PageHeading title="Support">
      <Suspense fallback={<LoadingText />}>
        <SupportDesk />
      </Suspense>
    </PageHeading>
  );
}

/** /support (public route: a visitor sees "Sign in to continue"): members' tickets, or staff's desk. */
export default function SupportPage() {
  const { user } = useAuth();
  return isStaff(user) ? <StaffSupport /> : <SupportScreen />;
}
