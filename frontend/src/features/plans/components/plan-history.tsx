import { Button, Callout, Classes, Icon, type IconName } from '@blueprintjs/core';
import type { PlanHistoryEntry } from '@contracts/plans';
import { useState } from 'react';
import { useAuth } from '../../../lib/auth/auth-provider';
import { usePlanHistory } from '../api/get-plan-history';
import { PlanMilestones } from './plan-milestones';
import { formatWhen } from './plan-format';
import { PlanProgress } from './plan-progress';
import { LoadFailure } from '../../../components/ui/load-failure';

const eventIcons: Record<PlanHistoryEntry['type'], IconName> = {
  PlanCreated: 'map',
  MilestoneDetailed: 'flag',
  TaskAdded: 'add',
  TaskCompleted: 'tick-circle',
  TaskReopened: 'undo',
  TaskHelpProvided: 'lightbulb',
  PlanCompleted: 'endorsed',
  PlanDeleted: 'trash',
  PlanRestored: 'undo',
};

function actorName(entry: PlanHistoryEntry, userId: string | undefined): string {
  if (entry.actor.kind === 'system') return 'Skilly';
  return entry.actor.userId === userId ? 'You' : entry.actor.role === 'admin' || entry.actor.role === 'moderator' ? 'Skilly team' : 'Member';
}

/**
 * The plan's history (issue 9): every step as a timeline (what, when, by whom), and the plan as it
 * stood right after any chosen step, read-only.
 */
export function PlanHistory({ planId }: { planId: string }) {
  const { user } = useAuth();
  const [at, setAt] = useState<number | null>(null);
  const history = usePlanHistory(planId, at);

  if (history.isPending) return <div className={`${Classes.SKELETON} plan-history-skeleton`} />;
  if (history.isError) {
    return (
      <LoadFailure title="Failed to load the plan's history" query={history} primary={false} />
    );
  }

  const { entries, plan } = history.data;
  const latest = entries.at(-1)?.version ?? 0;
  const shownAt = history.data.at;
  const viewing = entries.find((entry) => entry.version === shownAt);

  return (
    <div className="plan-history">
      <ol className="plan-timeline" aria-label="Plan timeline">
        {entries.map((entry) => {
          const selected = entry.version === shownAt;
          return (
            <li key={entry.version} className={`plan-timeline-entry ${selected ? 'is-selected' : ''}`} data-testid="history-entry">
              <Icon icon={eventIcons[entry.type]} className="plan-timeline-icon" />
              <div className="plan-timeline-text">
                <span className="plan-timeline-summary">{entry.summary}</span>
                <span className="muted plan-timeline-meta">
                  {formatWhen(entry.occurredAt)} · {actorName(entry, user?.id)}
                </span>
              </div>
              <Button
                size="small"
                variant={selected ? 'solid' : 'minimal'}
                intent={selected ? 'primary' : 'none'}
                aria-pressed={selected}
                onClick={() => setAt(entry.version === latest ? null : entry.version)}
                text={selected ? 'Shown' : 'View plan here'}
              />
            </li>
          );
        })}
      </ol>
      <section className="plan-history-snapshot" aria-label="The plan at this point">
        <Callout intent={shownAt === latest ? 'success' : 'primary'} icon="history" compact>
          {shownAt === latest ? (
            'This is your plan as it is now.'
          ) : (
            <>
              Your plan right after: <strong>{viewing?.summary}</strong> ({formatWhen(viewing?.occurredAt ?? '')}).{' '}
              <Button size="small" variant="minimal" icon="fast-forward" text="Back to now" onClick={() => setAt(null)} />
            </>
          )}
        </Callout>
        <PlanProgress plan={plan} label={shownAt === latest ? 'Progress now' : `Progress on ${formatWhen(viewing?.occurredAt ?? '')}`} />
        <PlanMilestones key={shownAt} plan={plan} />
      </section>
    </div>
  );
}
