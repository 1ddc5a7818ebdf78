import { PageHeading } from '../components/ui/page-heading';
import { SupportScreen } from '../features/support/components/support-screen';
import { useAuth } from '../lib/auth/auth-provider';
import { isStaff } from '../lib/auth/roles';

/**
 * Where staff land on /support until the staff desk arrives (design §5: admins and moderators answer
 * tickets). The seam the staff desk replaces; members never reach it.
 */
export function StaffSupport() {
  return (
    <PageHeading title="Support">
      <p className="muted">Support tickets are answered from the staff support desk.</p>
    </PageHeading>
  );
}

/** /support (public route: a visitor sees "Sign in to continue"): members' tickets, or staff's desk. */
export default function SupportPage() {
  const { user } = useAuth();
  return isStaff(user) ? <StaffSupport /> : <SupportScreen />;
}
