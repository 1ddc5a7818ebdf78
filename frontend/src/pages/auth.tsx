import { AuthScreen } from '../features/auth/components/auth-screen';
import { useSaveKeptTrialIdeas } from '../features/ideas/api/save-pending-ideas';

export default function AuthPage() {
  // Trial ideas kept in this tab are saved to the new member before the redirect (spec §4).
  const saveKeptTrialIdeas = useSaveKeptTrialIdeas();
  return <AuthScreen onAuthenticated={saveKeptTrialIdeas} />;
}
