import './hero-ideas.css';
import { Button, Card } from '@blueprintjs/core';
import type { Idea } from '@contracts/ideas';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { RouterButton } from '../../../components/ui/router-button';
import { categoryColor, categoryOf } from '../../../lib/category-color';
import { type PendingIdeas, pendingPlan } from '../../../lib/pending-generation';
import { toastError } from '../../../lib/toaster';
import { PlanPreviewDialog } from './plan-preview-dialog';
import { sevenDayPreview } from './plan-preview';

/** Spec §9: the plan preview opens after 1.2 s. */
const PREVIEW_DELAY_MS = 1200;

/**
 * The visitor's latest trial ideas under the hero: each card can open the 7-day preview (spec §4),
 * after a "Loading plan..." moment.
 */
export function HeroIdeas({ trial }: { trial: PendingIdeas }) {
  const navigate = useNavigate();
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ idea: Idea; steps: string[] } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const openPreview = (idea: Idea) => {
    setLoadingId(idea.id);
    timer.current = setTimeout(() => {
      setLoadingId(null);
      const steps = sevenDayPreview(idea, categoryOf(trial.categories, idea.category)?.name);
      if (steps) setPreview({ idea, steps });
      else toastError('Failed to generate plan. Please try again.');
    }, PREVIEW_DELAY_MS);
  };

  const fullPlan = (idea: Idea) => {
    pendingPlan.write({ ideaTitle: idea.title, ideaDescription: idea.description, category: idea.category, ideaId: idea.id });
    navigate('/auth?tab=signup');
  };

  return (
    <section className="hero-ideas" aria-labelledby="hero-ideas-title">
      <h2 id="hero-ideas-title" className="hero-ideas-title">
        Here are {trial.ideas.length} ways to turn your skills into income
      </h2>
      <p className="muted hero-ideas-skill">For “{trial.skill}”</p>
      <div className="hero-ideas-grid">
        {trial.ideas.map((idea) => {
          const category = categoryOf(trial.categories, idea.category);
          const color = categoryColor(category);
          return (
            <Card key={idea.id} className="hero-idea" elevation={1} style={{ borderTopColor: color }}>
              <div className="idea-card-category" style={{ color }}>
                <span className="category-dot" style={{ background: color }} aria-hidden="true" />
                {category?.name ?? idea.category}
              </div>
              <h3 className="idea-card-title">{idea.title}</h3>
              <p className="idea-card-description">{idea.description}</p>
              <Button
                variant="outlined"
                intent="primary"
                icon="calendar"
                disabled={loadingId !== null && loadingId !== idea.id}
                active={loadingId === idea.id}
                onClick={() => loadingId === null && openPreview(idea)}
              >
                {loadingId === idea.id ? 'Loading plan...' : 'See 7-day plan'}
              </Button>
            </Card>
          );
        })}
      </div>
      <div className="hero-ideas-actions">
        <RouterButton to="/ideas-trial" text="Open all ideas" />
        <RouterButton to="/auth?tab=signup" intent="primary" text="Sign up to keep them" />
      </div>
      <PlanPreviewDialog idea={preview?.idea ?? null} steps={preview?.steps ?? []} onClose={() => setPreview(null)} onFullPlan={fullPlan} />
    </section>
  );
}
