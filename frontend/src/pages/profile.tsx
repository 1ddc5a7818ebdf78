import { ProfileScreen } from '../features/account/components/profile-screen';
import { AccountType } from '../features/billing/components/account-type';
import { useAuth } from '../lib/auth/auth-provider';

/** /profile (spec §2 Profile settings): the account feature's screen, with the billing feature's Account Type in its form. */
export default function ProfilePage() {
  const { user } = useAuth();
  return <ProfileScreen accountType={user ? <AccountType role={user.role} /> : null} />;
}
