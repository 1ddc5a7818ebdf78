import { Button, Checkbox, Collapse } from '@blueprintjs/core';
import type { PlanTaskDto } from '@contracts/plans';
import { useState } from 'react';
import { HelpText } from '../../../components/ui/help-text';
import { useTaskHelp } from '../api/task-help';
import { useToggleTask } from '../api/toggle-task';
import { LimitBanner, useShowLimit } from './limit-banner';

export type TaskActions = { planId: string };

/**
 * One task (spec §2, §4): a checkbox that changes at once (rolled back should the server refuse),
 * the description struck through when done, "Ask for help" → "Loading..." → "Help Provided", and the
 * help in a panel that starts open. Without `actions` the task is a read-only record (the history).
 */
export function TaskItem({ task, actions }: { task: PlanTaskDto; actions?: TaskActions }) {
  const done = task.completed === 'true';
  const descriptionId = `task-description-${task.id}`;
  return (
    <li className={`plan-task ${done ? 'is-done' : ''}`} data-testid="plan-task">
      <div className="plan-task-row">
        {actions ? (
          <TaskCheckbox task={task} planId={actions.planId} descriptionId={descriptionId} />
        ) : (
          <Checkbox className="plan-task-check" checked={done} disabled label={task.title} />
        )}
        {actions ? <HelpButton task={task} actions={actions} /> : null}
      </div>
      {actions ? <LimitBanner place={helpPlace(task.id)} /> : null}
      {task.description ? (
        <p id={descriptionId} className="plan-task-description">
          {task.description}
        </p>
      ) : null}
      {task.helpResponse ? <HelpPanel help={task.helpResponse} taskId={task.id} /> : null}
    </li>
  );
}

function TaskCheckbox({ task, planId, descriptionId }: { task: PlanTaskDto; planId: string; descriptionId: string }) {
  const toggle = useToggleTask(planId);
  return (
    <Checkbox
      className="plan-task-check"
      checked={task.completed === 'true'}
      label={task.title}
      aria-describedby={task.description ? descriptionId : undefined}
      onChange={(event) => toggle.mutate({ taskId: task.id, completed: event.currentTarget.checked })}
    />
  );
}

const helpPlace = (taskId: string) => `help:${taskId}`;

/** One help call per task, however many clicks; a spent allowance shows its banner under this task. */
function HelpButton({ task, actions }: { task: PlanTaskDto; actions: TaskActions }) {
  const help = useTaskHelp(actions.planId, task.id, { onLimit: useShowLimit(helpPlace(task.id)) });
  const provided = task.helpResponse !== null && task.helpResponse !== '';
  const pending = help.running && !provided;
  return (
    <Button
      className="plan-task-help"
      size="small"
      variant={provided ? 'minimal' : 'outlined'}
      icon={provided ? 'tick' : 'lifesaver'}
      intent={provided ? 'success' : 'none'}
      disabled={provided || pending}
      onClick={() => help.run()}
      aria-label={provided ? `Help Provided for ${task.title}` : pending ? 'Loading...' : `Ask for help with ${task.title}`}
    >
      {provided ? 'Help Provided' : pending ? 'Loading...' : 'Ask for help'}
    </Button>
  );
}

function HelpPanel({ help, taskId }: { help: string; taskId: string }) {
  const [open, setOpen] = useState(true);
  const bodyId = `task-help-${taskId}`;
  return (
    <div className="plan-task-help-panel">
      <Button
        variant="minimal"
        size="small"
        icon={open ? 'chevron-up' : 'chevron-down'}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen(!open)}
        text={open ? 'Hide help' : 'Show help'}
      />
      <Collapse isOpen={open}>
        <div id={bodyId} className="plan-task-help-text" data-testid="task-help">
          <HelpText text={help} />
        </div>
      </Collapse>
    </div>
  );
}
