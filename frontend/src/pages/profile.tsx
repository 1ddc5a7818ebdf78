import { ProfileScreen } from '../features/account/components/profile-screen';
import { useGoogleSignInOffered } from '../features/auth/api/login';
import { AccountType } from '../features/billing/components/account-type';
import { useAuth } from '../lib/auth/auth-provider';

/**
 * /profile (spec §2 Profile settings): the account feature's screen, with the billing feature's
 * Account Type in its form and whether the auth feature offers Google sign-in (issue 52).
 */
export default function ProfilePage() {
  const { user } = useAuth();
  const googleSignInOffered = useGoogleSignInOffered();
  return <ProfileScreen accountType={user ? <AccountType role={user.role} /> : null} googleSignInOffered={googleSignInOffered} />;
}
