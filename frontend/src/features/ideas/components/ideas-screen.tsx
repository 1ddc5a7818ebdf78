import './ideas-screen.css';
import { Button, Callout, NonIdealState } from '@blueprintjs/core';
import type { Idea } from '@contracts/ideas';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingText } from '../../../components/ui/loading-text';
import { RouterButton } from '../../../components/ui/router-button';
import { useAuth } from '../../../lib/auth/auth-provider';
import { isAdmin, isStaff } from '../../../lib/auth/roles';
import { generatedIdeas, pendingIdeas, planGeneratingUrl } from '../../../lib/pending-generation';
import { useIdeaSets } from '../api/get-idea-sets';
import { IdeaSetAccordion } from './idea-set-accordion';
import type { IdeaSetView } from './idea-set-panel';
import { LoadFailure } from '../../../components/ui/load-failure';

/** The ideas kept in this tab, shown when the server cannot be read (spec §7). */
function sessionFallback(): IdeaSetView[] {
  const latest = generatedIdeas.read();
  if (latest) return [latest];
  const pending = pendingIdeas.read();
  return pending ? [{ id: 'pending', ...pending, personalized: false, createdAt: new Date().toISOString() }] : [];
}

/** /ideas (spec §2): the member's idea sets, newest first. */
export function IdeasScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const sets = useIdeaSets();

  const generatePlan = (idea: Idea) =>
    navigate(planGeneratingUrl({ ideaTitle: idea.title, ideaDescription: idea.description, category: idea.category, ideaId: idea.id }));

  // Staff accounts have no idea sets (spec §6): a Retry could never succeed.
  if (isStaff(user)) {
    return (
      <div className="page">
        <h1 className="page-title">Your Ideas</h1>
        <NonIdealState
          icon="shield"
          title="Staff accounts have no ideas"
          description="Admin and Moderator accounts cannot generate ideas, so there is nothing to show here."
          action={<RouterButton to="/dashboard" intent="primary" icon="home" text={isAdmin(user) ? 'Go to admin home' : 'Go to dashboard'} />}
        />
      </div>
    );
  }

  if (sets.isPending) return <LoadingText />;

  let shown: IdeaSetView[] = sets.data ?? [];
  let fallback = false;
  if (sets.isError) {
    shown = sessionFallback();
    fallback = true;
    if (shown.length === 0) {
      return (
        <LoadFailure title="Failed to load your ideas" query={sets} />
      );
    }
  }

  if (shown.length === 0) {
    return (
      <div className="page">
        <h1 className="page-title">Your Ideas</h1>
        <NonIdealState
          icon="lightbulb"
          title="No Ideas Yet"
          description="Tell us your skill and get income ideas in seconds."
          action={<RouterButton to="/dashboard" intent="primary" text="Get Started" />}
        />
      </div>
    );
  }

  return (
    <div className="page ideas-page">
      <h1 className="page-title">Your Ideas</h1>
      {fallback ? (
        <Callout intent="warning" icon="warning-sign" className="ideas-fallback">
          Your saved ideas could not be loaded, so these are the ideas generated in this browser tab.{' '}
          <Button variant="minimal" size="small" icon="refresh" text="Retry" onClick={() => void sets.refetch()} />
        </Callout>
      ) : null}
      <IdeaSetAccordion sets={shown} focusId={params.get('scroll')} onGeneratePlan={generatePlan} />
    </div>
  );
}
