import { Button, Card, Collapse, Icon, InputGroup, Tag } from '@blueprintjs/core';
import { addTaskRequestSchema, type MilestoneDto, type PlanResource } from '@contracts/plans';
import { useState } from 'react';
import { useAddTask } from '../api/add-task';
import { isWebLink } from '../../../lib/web-link';
import { type TaskActions, TaskItem } from './task-item';

/**
 * One milestone of the plan's accordion (spec §2): title, description and time estimate; an outline
 * (isDetailed "false") is locked with its hint; a detailed one opens on its resources, tasks, the
 * "Add a task..." input and its success criteria. Without `actions` it is a read-only record.
 */
export function MilestonePanel({
  milestone,
  open,
  onToggle,
  actions,
}: {
  milestone: MilestoneDto;
  open: boolean;
  onToggle: () => void;
  actions?: TaskActions;
}) {
  const locked = milestone.isDetailed !== 'true';
  const done = !locked && milestone.tasks.length > 0 && milestone.tasks.every((task) => task.completed === 'true');
  const bodyId = `milestone-body-${milestone.id}`;
  const week = milestone.orderIndex + 1;

  return (
    <Card className={`milestone ${locked ? 'is-locked' : ''} ${open && !locked ? 'is-open' : ''}`} elevation={1} data-testid="milestone">
      <h3 className="milestone-heading">
        <button
          type="button"
          className="milestone-header"
          aria-expanded={locked ? undefined : open}
          aria-controls={locked ? undefined : bodyId}
          aria-disabled={locked || undefined}
          onClick={locked ? undefined : onToggle}
        >
          <span className={`milestone-number ${done ? 'is-done' : ''}`} aria-hidden="true">
            {done ? <Icon icon="tick" size={14} /> : locked ? <Icon icon="lock" size={12} /> : week}
          </span>
          <span className="milestone-heading-text">
            <span className="milestone-title">{milestone.title}</span>
            <span className="milestone-description muted">{milestone.description}</span>
            {locked ? <span className="milestone-locked-hint">Complete previous milestones to unlock</span> : null}
          </span>
          <Tag minimal round icon="time" className="milestone-time">
            {milestone.timeEstimate}
          </Tag>
          {locked ? null : <Icon icon={open ? 'chevron-up' : 'chevron-down'} className="milestone-chevron" />}
        </button>
      </h3>
      {locked ? null : (
        <Collapse isOpen={open}>
          <div className="milestone-body" id={bodyId}>
            <div className="milestone-resources">
              <ResourceList title="FREE RESOURCES" resources={milestone.freeResources} kind="free" />
              <ResourceList title="PAID (PREMIUM) RESOURCES" resources={milestone.paidResources} kind="paid" />
            </div>
            <section aria-label={`Tasks of ${milestone.title}`}>
              <h4 className="milestone-section-title">Tasks</h4>
              <ul className="plan-tasks">
                {milestone.tasks.map((task) => (
                  <TaskItem key={task.id} task={task} actions={actions} />
                ))}
              </ul>
              {actions ? <AddTaskInput planId={actions.planId} milestoneId={milestone.id} /> : null}
            </section>
            {milestone.successCriteria ? (
              <section className="milestone-success">
                <h4 className="milestone-section-title">
                  <Icon icon="endorsed" intent="success" size={14} /> Success Criteria
                </h4>
                <p>{milestone.successCriteria}</p>
              </section>
            ) : null}
          </div>
        </Collapse>
      )}
    </Card>
  );
}

function ResourceList({ title, resources, kind }: { title: string; resources: PlanResource[]; kind: 'free' | 'paid' }) {
  if (resources.length === 0) return null;
  return (
    <section className={`milestone-resource-list is-${kind}`}>
      <h4 className="milestone-section-title">{title}</h4>
      <ul>
        {resources.map((resource) => (
          <li key={`${resource.name}-${resource.url}`}>
            {isWebLink(resource.url) ? (
              <a href={resource.url} target="_blank" rel="noopener noreferrer">
                {resource.name} <Icon icon="share" size={11} />
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              <span>{resource.name}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Spec §2, §5: the title is trimmed and must not be empty; Enter adds as the button does; one task per attempt. */
function AddTaskInput({ planId, milestoneId }: { planId: string; milestoneId: string }) {
  const [title, setTitle] = useState('');
  const add = useAddTask(planId, milestoneId, { onAdded: () => setTitle('') });
  const parsed = addTaskRequestSchema.safeParse({ title });
  // A second click or Enter while the task is on its way adds nothing (the hook ignores it).
  const submit = () => {
    if (parsed.success) add.run({ title: parsed.data.title });
  };
  return (
    <form
      className="add-task"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <InputGroup
        value={title}
        placeholder="Add a task..."
        aria-label="Add a task"
        onChange={(event) => setTitle(event.currentTarget.value)}
        disabled={add.running}
        fill
      />
      <Button type="submit" icon="plus" aria-label="Add task" disabled={!parsed.success} loading={add.running} />
    </form>
  );
}
