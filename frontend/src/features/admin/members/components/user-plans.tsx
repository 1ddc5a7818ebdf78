import { Card, Classes, Dialog, DialogBody, Icon, NonIdealState, Tag } from '@blueprintjs/core';
import type { MilestoneDto, PlanDto, PlanResource } from '@contracts/plans';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { HelpText } from '../../../../components/ui/help-text';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { errorMessage } from '../../../../lib/api-client';
import { isWebLink } from '../../../../lib/web-link';

function Resources({ title, resources }: { title: string; resources: PlanResource[] }) {
  if (resources.length === 0) return null;
  return (
    <div className="user-plan-resources">
      <strong>{title}</strong>
      <ul>
        {resources.map((resource) => (
          <li key={resource.url + resource.name}>
            {isWebLink(resource.url) ? (
              <a href={resource.url} target="_blank" rel="noopener noreferrer">
                {resource.name}
              </a>
            ) : (
              resource.name
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Milestone({ milestone }: { milestone: MilestoneDto }) {
  const done = milestone.tasks.filter((task) => task.completed === 'true').length;
  return (
    <li className="user-plan-milestone" data-testid="milestone">
      <div className="user-card-top">
        <strong>
          Week {milestone.orderIndex + 1}: {milestone.title}
        </strong>
        <span className="muted" data-testid="milestone-done">
          {done}/{milestone.tasks.length} tasks done
        </span>
      </div>
      {milestone.description ? <p>{milestone.description}</p> : null}
      <Resources title="Free resources" resources={milestone.freeResources} />
      <Resources title="Paid resources" resources={milestone.paidResources} />
      {milestone.tasks.length > 0 ? (
        <ul className="user-plan-tasks">
          {milestone.tasks.map((task) => (
            <li key={task.id} data-testid="task" data-completed={task.completed}>
              <Icon icon={task.completed === 'true' ? 'tick-circle' : 'circle'} intent={task.completed === 'true' ? 'success' : 'none'} aria-label={task.completed === 'true' ? 'Completed' : 'Not completed'} />{' '}
              {task.title}
              {task.helpResponse ? (
                <div className="user-plan-help" data-testid="task-help">
                  <strong>Help requested:</strong> <HelpText text={task.helpResponse} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function PlanDialog({ planId, plans, onClose }: { planId: string | null; plans: readonly PlanDto[]; onClose: () => void }) {
  const plan = planId === null ? undefined : plans.find((candidate) => candidate.id === planId);
  return (
    <Dialog isOpen={planId !== null} onClose={onClose} title={plan?.title ?? 'Plan'} className="user-view-dialog">
      <DialogBody>
        {plan ? (
          <>
            <p className="muted">
              {plan.status} · {plan.currentMilestone}/{plan.totalMilestones} milestones · {plan.category}
            </p>
            <ol className="user-modal-list" aria-label="Milestones">
              {plan.milestones.map((milestone) => (
                <Milestone key={milestone.id} milestone={milestone} />
              ))}
            </ol>
          </>
        ) : (
          <NonIdealState icon="search" title="Plan not found" />
        )}
      </DialogBody>
    </Dialog>
  );
}

/** The member's plans: title, status, current/total milestones and category; a click shows the plan's milestones, tasks and help. */
export function UserPlans({ plans }: { plans: UseQueryResult<PlanDto[], unknown> }) {
  const [open, setOpen] = useState<string | null>(null);
  let body;
  if (plans.isPending) body = <div className={`${Classes.SKELETON} user-section-skeleton`} />;
  else if (plans.isError)
    body = <LoadFailure title="Failed to load plans" description={errorMessage(plans.error, 'Failed to load plans')} query={plans} primary={false} />;
  else if (plans.data.length === 0) body = <NonIdealState icon="path" title="No plans created yet" />;
  else
    body = (
      <ul className="user-card-grid">
        {plans.data.map((plan) => (
          <li key={plan.id}>
            <Card
              interactive
              elevation={1}
              data-testid="plan"
              role="button"
              tabIndex={0}
              aria-label={`Plan ${plan.title}`}
              onClick={() => setOpen(plan.id)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  setOpen(plan.id);
                }
              }}
            >
              <strong>{plan.title}</strong>
              <div className="user-plan-facts">
                <Tag minimal>{plan.status}</Tag>
                <span data-testid="plan-milestones">
                  {plan.currentMilestone}/{plan.totalMilestones} milestones
                </span>
                <Tag minimal>{plan.category}</Tag>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="user-plans-title" className="user-view-section">
      <h3 id="user-plans-title">Plans</h3>
      {body}
      <PlanDialog planId={open} plans={plans.data ?? []} onClose={() => setOpen(null)} />
    </section>
  );
}
