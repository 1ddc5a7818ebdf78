import { useNavigate } from 'react-router-dom';
import { IdeasTrialView } from '../features/ideas/components/ideas-trial-screen';
import { TrialIdeas } from '../features/ideas/components/trial-ideas';
import { useAuth } from '../lib/auth/auth-provider';
import { Island } from '../lib/islands/island';

/** /ideas-trial: a visitor's trial ideas, kept in session storage; a visitor's prerendered page hydrates it as an island. */
export default function IdeasTrialPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const view = <IdeasTrialView TrialIdeas={TrialIdeas} onNavigate={(to) => navigate(to)} />;
  return user ? view : (
    <Island name="ideas-trial" props={{}}>
      {view}
    </Island>
  );
}
