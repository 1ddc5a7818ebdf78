import { NonIdealState, Tag } from '@blueprintjs/core';
import type { IdeaSet } from '@contracts/ideas';
import { DashboardPanel } from '../../../components/ui/dashboard-panel';
import { LinkCard, LinkCardList } from '../../../components/ui/link-card';
import { useIdeaSets } from '../api/get-idea-sets';
import { formatSetDate } from './idea-set-panel';

/** Up to 3 distinct skills, newest first: the newest set of each. */
export function recentSkills(sets: readonly IdeaSet[], limit = 3): IdeaSet[] {
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
  return (
    <DashboardPanel
      titleId="recent-ideas-title"
      title="Recent Ideas"
      viewAll="/ideas"
      query={useIdeaSets({ poll: true })}
      failedTitle="Failed to load your ideas"
      empty={<NonIdealState icon="lightbulb" title="No ideas yet" description="Describe your skill below to get your first ideas." />}
    >
      {(sets) => (
        <LinkCardList>
          {recentSkills(sets).map((set) => (
            <LinkCard
              key={set.id}
              to={`/ideas?scroll=${encodeURIComponent(set.id)}`}
              title={set.skill}
              meta={
                <>
                  <Tag minimal round>
                    {set.ideas.length} ideas
                  </Tag>
                  <span>{formatSetDate(set.createdAt)}</span>
                </>
              }
            />
          ))}
        </LinkCardList>
      )}
    </DashboardPanel>
  );
}
