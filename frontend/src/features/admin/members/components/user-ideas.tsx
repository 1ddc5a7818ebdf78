import { Card, Classes, Dialog, DialogBody, NonIdealState, Tag } from '@blueprintjs/core';
import type { AdminIdeaSetDto } from '@contracts/admin-members';
import type { Idea } from '@contracts/ideas';
import type { PlanDto } from '@contracts/plans';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { errorMessage } from '../../../../lib/api-client';
import { dayText } from './member-usage';

/** How many ideas a set's card shows before '+N more'. */
const SHOWN_IDEAS = 3;
const titleStart = (title: string) => title.trim().slice(0, 10).toLowerCase();

/** Back-office §2 User view: an idea was turned into a plan when a plan names its id, or their titles' first 10 letters are equal (case-insensitive). */
export function turnedIntoPlan(idea: Pick<Idea, 'id' | 'title'>, plans: readonly Pick<PlanDto, 'ideaId' | 'title'>[]): boolean {
  return plans.some((plan) => plan.ideaId === idea.id || titleStart(plan.title) === titleStart(idea.title));
}

function IdeaSetCard({ set, onOpen }: { set: AdminIdeaSetDto; onOpen: () => void }) {
  const more = set.ideas.length - SHOWN_IDEAS;
  return (
    <li>
      <Card interactive elevation={1} className="user-idea-set" data-testid="idea-set" onClick={onOpen} role="button" tabIndex={0} aria-label={`Ideas for ${set.skill}`} onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onOpen();
        }
      }}>
        <div className="user-card-top">
          <strong>{set.skill}</strong>
          <span className="muted">{dayText(set.createdAt)}</span>
        </div>
        <ul className="user-idea-titles">
          {set.ideas.slice(0, SHOWN_IDEAS).map((idea) => (
            <li key={idea.id}>{idea.title}</li>
          ))}
        </ul>
        {more > 0 ? <span className="muted">+{more} more</span> : null}
      </Card>
    </li>
  );
}

function IdeaSetDialog({ set, plans, onClose }: { set: AdminIdeaSetDto | null; plans: readonly PlanDto[]; onClose: () => void }) {
  return (
    <Dialog isOpen={set !== null} onClose={onClose} title={set ? `Ideas for ${set.skill}` : ''} className="user-view-dialog">
      {set ? (
        <DialogBody>
          <ul className="user-modal-list" aria-label="All ideas">
            {set.ideas.map((idea) => (
              <li key={idea.id} data-testid="idea">
                <div className="user-card-top">
                  <strong>{idea.title}</strong>
                  {turnedIntoPlan(idea, plans) ? (
                    <Tag intent="success" icon="tick">
                      Plan created
                    </Tag>
                  ) : null}
                </div>
                {idea.subtitle ? <div className="muted">{idea.subtitle}</div> : null}
                <p>{idea.description}</p>
              </li>
            ))}
          </ul>
        </DialogBody>
      ) : null}
    </Dialog>
  );
}

/** The member's idea sets: the first 3 ideas of each and '+N more'; a click shows them all, marking those turned into a plan. */
export function UserIdeas({ ideaSets, plans }: { ideaSets: UseQueryResult<AdminIdeaSetDto[], unknown>; plans: readonly PlanDto[] }) {
  const [open, setOpen] = useState<AdminIdeaSetDto | null>(null);
  let body;
  if (ideaSets.isPending) body = <div className={`${Classes.SKELETON} user-section-skeleton`} />;
  else if (ideaSets.isError)
    body = <LoadFailure title="Failed to load ideas" description={errorMessage(ideaSets.error, 'Failed to load ideas')} query={ideaSets} primary={false} />;
  else if (ideaSets.data.length === 0) body = <NonIdealState icon="lightbulb" title="No ideas generated yet" />;
  else
    body = (
      <ul className="user-card-grid">
        {ideaSets.data.map((set) => (
          <IdeaSetCard key={set.id} set={set} onOpen={() => setOpen(set)} />
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="user-ideas-title" className="user-view-section">
      <h3 id="user-ideas-title">Generated ideas</h3>
      {body}
      <IdeaSetDialog set={open} plans={plans} onClose={() => setOpen(null)} />
    </section>
  );
}
