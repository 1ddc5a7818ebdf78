import './plan-preview-dialog.css';
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { Idea } from '@contracts/ideas';

/** Spec §4: titled with the idea, "Follow these steps to get started in 7 days", numbered steps. */
export function PlanPreviewDialog({
  idea,
  steps,
  onClose,
  onFullPlan,
}: {
  idea: Idea | null;
  steps: string[];
  onClose: () => void;
  onFullPlan: (idea: Idea) => void;
}) {
  return (
    <Dialog isOpen={idea !== null} onClose={onClose} title={idea?.title ?? ''} icon="clean" className="plan-preview-dialog">
      <DialogBody>
        <p className="plan-preview-lead">Follow these steps to get started in 7 days</p>
        <ol className="plan-preview-steps">
          {steps.map((step, index) => (
            <li key={index}>
              <span className="plan-preview-day">Day {index + 1}</span> {step}
            </li>
          ))}
        </ol>
        <p className="muted plan-preview-note">
          These first steps come from the idea itself. Sign up free for a full action plan with weekly milestones, tasks and
          resources.
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Close" onClick={onClose} />
            {idea ? <Button intent="primary" icon="star" text="Get my full plan" onClick={() => onFullPlan(idea)} /> : null}
          </>
        }
      />
    </Dialog>
  );
}
