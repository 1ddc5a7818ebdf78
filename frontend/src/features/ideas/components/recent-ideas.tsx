import './recent-ideas.css';
import { Button, Callout, Card, Classes, NonIdealState, Tag } from '@blueprintjs/core';
import type { IdeaSet } from '@contracts/ideas';
import { Link } from 'react-router-dom';
import { useIdeaSets } from '../api/get-idea-sets';
import { formatSetDate } from './idea-set-panel';

/** Up to 3 distinct skills, newest first: the newest set of each. */
export function recentSkills(sets: IdeaSet[], limit = 3): IdeaSet[] {
  const seen = new Set<string>();
  const recent: IdeaSet[] = [];
  for (const set of sets) {
    const key = set.skill.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    recent.push(set);
    if (recent.length === limit) break;
  }
  return recent;
}

/** Spec §2 Recent Ideas: each skill links to its set on /ideas; the list is polled every 10 s. */
export function RecentIdeas() {
  const sets = useIdeaSets({ poll: true });

  let body;
  if (sets.isPending) body = <div className={`${Classes.SKELETON} recent-ideas-skeleton`} />;
  else if (sets.isError)
    body = (
      <Callout intent="danger" icon="error" title="Failed to load your ideas">
        <Button icon="refresh" text="Retry" loading={sets.isFetching} onClick={() => void sets.refetch()} />
      </Callout>
    );
  else if (sets.data.length === 0)
    body = <NonIdealState icon="lightbulb" title="No ideas yet" description="Describe your skill below to get your first ideas." />;
  else
    body = (
      <ul className="recent-ideas-list">
        {recentSkills(sets.data).map((set) => (
          <li key={set.id}>
            <Link to={`/ideas?scroll=${encodeURIComponent(set.id)}`} className="recent-idea">
              <span className="recent-idea-skill">{set.skill}</span>
              <span className="recent-idea-meta muted">
                <Tag minimal round>
                  {set.ideas.length} ideas
                </Tag>{' '}
                {formatSetDate(set.createdAt)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );

  return (
    <Card className="dashboard-panel" elevation={1} role="region" aria-labelledby="recent-ideas-title">
      <div className="dashboard-panel-header">
        <h2 id="recent-ideas-title" className="dashboard-section-title">
          Recent Ideas
        </h2>
        <Link to="/ideas">View all</Link>
      </div>
      {body}
    </Card>
  );
}
