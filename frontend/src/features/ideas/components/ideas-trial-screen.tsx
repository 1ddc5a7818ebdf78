import './ideas-trial-screen.css';
import { Callout, NonIdealState, Tag } from '@blueprintjs/core';
import type { Idea } from '@contracts/ideas';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { RouterButton } from '../../../components/ui/router-button';
import { pendingIdeas, pendingPlan } from '../../../lib/pending-generation';
import { useHydrated } from '../../../lib/prerender';
import { IdeaSetAccordion } from './idea-set-accordion';
import type { IdeaSetView } from './idea-set-panel';

/**
 * /ideas-trial (spec §2): a visitor's trial ideas from session storage. Generate Plan remembers the
 * idea and the plan to make, and asks the visitor to sign up first (spec §4 after authentication).
 */
export function IdeasTrialScreen() {
  const navigate = useNavigate();
  // Session storage is the browser's: a prerendered page shows only the title until it is read.
  const hydrated = useHydrated();
  const trial = useMemo(() => (hydrated ? pendingIdeas.read() : undefined), [hydrated]);

  if (trial === undefined) {
    return (
      <div className="page">
        <h1 className="page-title">Your Income Ideas</h1>
      </div>
    );
  }
  if (!trial || trial.ideas.length === 0) {
    return (
      <div className="page">
        <h1 className="page-title">Your Income Ideas</h1>
        <NonIdealState
          icon="lightbulb"
          // As an h2 (Blueprint's title prop renders an h4 right after the page's h1).
          description={
            <>
              <h2 className="bp6-heading non-ideal-title">No Ideas Yet</h2>
              <p>Tell us your skill and get income ideas in seconds.</p>
            </>
          }
          action={<RouterButton to="/" intent="primary" text="Get Started" />}
        />
      </div>
    );
  }

  const set: IdeaSetView = { id: 'trial', ...trial, personalized: false, createdAt: new Date().toISOString() };

  const generatePlan = (idea: Idea) => {
    pendingPlan.write({ ideaTitle: idea.title, ideaDescription: idea.description, category: idea.category, ideaId: idea.id });
    navigate('/auth?tab=signup');
  };

  return (
    <div className="page ideas-page">
      <h1 className="page-title">Your Income Ideas</h1>
      <p className="ideas-lead">Here are {trial.ideas.length} ways to turn your skills into income</p>
      <Callout intent="primary" icon="star" className="ideas-trial-cta">
        Sign up free to keep these ideas and turn one into a step-by-step action plan.{' '}
        <RouterButton to="/auth?tab=signup" intent="primary" size="small" text="Sign Up" />
      </Callout>
      <IdeaSetAccordion
        sets={[set]}
        onGeneratePlan={generatePlan}
        badge={
          <Tag intent="primary" minimal>
            Free Forever
          </Tag>
        }
      />
    </div>
  );
}
