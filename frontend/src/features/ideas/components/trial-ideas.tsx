import { Callout, Tag } from '@blueprintjs/core';
import type { Idea } from '@contracts/ideas';
import { useNavigate } from 'react-router-dom';
import { RouterButton } from '../../../components/ui/router-button';
import { type PendingIdeas, pendingPlan } from '../../../lib/pending-generation';
import { IdeaSetAccordion } from './idea-set-accordion';
import type { IdeaSetView } from './idea-set-panel';

/**
 * A visitor's trial ideas on /ideas-trial (spec §2). Generate Plan remembers the idea and the plan
 * to make, and asks the visitor to sign up first (spec §4 after authentication).
 */
export function TrialIdeas({ trial }: { trial: PendingIdeas }) {
  const navigate = useNavigate();
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
