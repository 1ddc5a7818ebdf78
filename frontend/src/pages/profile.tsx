import { PageHeading } from '../components/ui/page-heading';
import { AccountType } from '../features/billing/components/account-type';
import { useAuth } from '../lib/auth/auth-provider';

/** Profile settings. Only the heading and the Account Type (with Manage Subscription) until its issue builds the screen. */
export default function ProfilePage() {
  const { user } = useAuth();
  return <PageHeading title="Profile Settings">{user ? <AccountType role={user.role} /> : null}</PageHeading>;
}
