import './credit-tag.css';
import { Button, Card, Tag } from '@blueprintjs/core';
import type { Category, Idea } from '@contracts/ideas';
import { categoryColor } from '../../../lib/category-color';

/** Spec §2: category label, title, subtitle, description, Industry, Method, pricing, and Generate Plan for 1 credit. */
export function IdeaCard({
  idea,
  category,
  onGeneratePlan,
  planDisabled,
}: {
  idea: Idea;
  category: Category | undefined;
  onGeneratePlan: (idea: Idea) => void;
  planDisabled?: boolean;
}) {
  const color = categoryColor(category);
  return (
    <Card className="idea-card" elevation={1} style={{ borderTopColor: color }} data-testid="idea-card">
      <div className="idea-card-category" style={{ color }}>
        <span className="category-dot" style={{ background: color }} aria-hidden="true" />
        {category?.name ?? idea.category}
      </div>
      <h3 className="idea-card-title">{idea.title}</h3>
      {idea.subtitle ? <p className="idea-card-subtitle">{idea.subtitle}</p> : null}
      <p className="idea-card-description">{idea.description}</p>
      <dl className="idea-card-facts">
        {idea.industry ? (
          <div>
            <dt>Industry</dt>
            <dd>{idea.industry}</dd>
          </div>
        ) : null}
        {idea.method ? (
          <div>
            <dt>Method</dt>
            <dd>{idea.method}</dd>
          </div>
        ) : null}
        {idea.pricing ? (
          <div>
            <dt>Pricing</dt>
            <dd>{idea.pricing}</dd>
          </div>
        ) : null}
      </dl>
      <Button className="idea-card-plan" intent="primary" icon="clean" fill disabled={planDisabled} onClick={() => onGeneratePlan(idea)}>
        Generate Plan{' '}
        <Tag minimal round className="credit-tag">
          1 credit
        </Tag>
      </Button>
    </Card>
  );
}
