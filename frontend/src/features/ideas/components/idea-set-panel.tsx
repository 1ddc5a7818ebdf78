import { Card, Collapse, Icon, Tag } from '@blueprintjs/core';
import type { Category, Idea } from '@contracts/ideas';
import { type ReactNode, useState } from 'react';
import { categoryOf } from '../../../lib/category-color';
import { CategoryFilter } from './category-filter';
import { IdeaCard } from './idea-card';

export type IdeaSetView = {
  id: string;
  skill: string;
  categories: Category[];
  ideas: Idea[];
  personalized: boolean;
  createdAt: string;
};

/** Blog-style dates (spec §9): en-GB long form. */
export const formatSetDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
};

const PREVIEW_COUNT = 3;

/**
 * One idea set of the accordion (spec §2): skill, badges, idea count, date and a 3-idea preview in the
 * header; category chips and the idea cards inside.
 */
export function IdeaSetPanel({
  set,
  open,
  onToggle,
  badge,
  onGeneratePlan,
}: {
  set: IdeaSetView;
  open: boolean;
  onToggle: () => void;
  badge?: ReactNode;
  onGeneratePlan: (idea: Idea) => void;
}) {
  const [category, setCategory] = useState<string | null>(null);
  const shown = category === null ? set.ideas : set.ideas.filter((idea) => idea.category === category);
  const bodyId = `idea-set-body-${set.id}`;
  const preview = set.ideas.slice(0, PREVIEW_COUNT);

  return (
    <Card className={`idea-set ${open ? 'is-open' : ''}`} elevation={open ? 2 : 1} id={`idea-set-${set.id}`} data-testid="idea-set">
      {/* The set's heading for assistive tech, so the idea cards' h3 titles follow an h2 (heading order). */}
      <h2 className="visually-hidden">Ideas for {set.skill}</h2>
      <button type="button" className="idea-set-header" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
        <span className="idea-set-heading">
          <span className="idea-set-skill">{set.skill}</span>
          <span className="idea-set-meta">
            {badge}
            {set.personalized ? (
              <Tag intent="success" minimal icon="star">
                Personalized for you
              </Tag>
            ) : null}
            <Tag minimal round>
              {set.ideas.length} {set.ideas.length === 1 ? 'idea' : 'ideas'}
            </Tag>
            <span className="muted idea-set-date">{formatSetDate(set.createdAt)}</span>
          </span>
          <span className="idea-set-preview muted">
            {preview.map((idea) => idea.title).join(' · ')}
            {set.ideas.length > PREVIEW_COUNT ? ` · +${set.ideas.length - PREVIEW_COUNT} more` : ''}
          </span>
        </span>
        <Icon icon={open ? 'chevron-up' : 'chevron-down'} className="idea-set-chevron" />
      </button>
      <Collapse isOpen={open}>
        <div className="idea-set-body" id={bodyId}>
          <CategoryFilter categories={set.categories} ideas={set.ideas} selected={category} onSelect={setCategory} />
          <div className="idea-grid">
            {shown.map((idea) => (
              <IdeaCard key={idea.id} idea={idea} category={categoryOf(set.categories, idea.category)} onGeneratePlan={onGeneratePlan} />
            ))}
          </div>
        </div>
      </Collapse>
    </Card>
  );
}
