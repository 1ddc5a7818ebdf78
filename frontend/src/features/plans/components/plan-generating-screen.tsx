import { Button, Callout, NonIdealState } from '@blueprintjs/core';
import { GeneratingPage, GeneratingScreen } from '../../../components/ui/generating-screen';
import { useEffect, useState } from 'react';
import { TypingText } from '../../../components/ui/typing-text';
import { usePlanGeneration } from '../api/use-plan-generation';

const STEP_MS = 2500;

/** What the screen types while the server works: the plan is written in one piece, so these are the steps it goes through. */
function stepsFor(title: string): string[] {
  return [
    `Reading your idea: “${title}”`,
    'Laying out your weekly milestones...',
    'Writing the tasks for week 1...',
    'Picking free and paid resources that help...',
    'Setting the success criteria for your first week...',
    'Putting the finishing touches on your plan...',
  ];
}

/** /generating?type=plan (spec §2, §4): a typing progress screen while the plan is generated (15-30 seconds). */
export function PlanGeneratingScreen() {
  const { request, complete, failure, signedOut, signIn } = usePlanGeneration();
  const [shown, setShown] = useState(1);
  const steps = stepsFor(request?.ideaTitle ?? '');

  useEffect(() => {
    if (complete || failure || signedOut) return;
    const timer = setInterval(() => setShown((count) => Math.min(count + 1, steps.length)), STEP_MS);
    return () => clearInterval(timer);
  }, [complete, failure, signedOut, steps.length]);

  if (signedOut) {
    return (
      <GeneratingPage>
        <NonIdealState
          icon="lock"
          title="Please sign in to generate your plan"
          description={request ? `Sign in and your plan for “${request.ideaTitle}” is generated straight away.` : undefined}
          action={<Button intent="primary" text="Sign In" onClick={signIn} />}
        />
      </GeneratingPage>
    );
  }

  const text = steps.slice(0, complete ? steps.length : shown).join('\n') + (complete ? '\nYour plan is ready.' : '');

  return (
    <GeneratingScreen
      title="Generating Your Plan"
      subtitle={request ? <>Turning “{request.ideaTitle}” into a week-by-week action plan. This usually takes 15-30 seconds.</> : undefined}
      phase={complete ? { kind: 'complete' } : failure ? { kind: 'failed', title: failure.title } : { kind: 'working', status: 'Building your action plan...' }}
    >
      <TypingText text={text} complete={complete || failure !== null} />
      {failure ? (
        <Callout intent="danger" icon="arrow-left" compact>
          {failure.description ? `${failure.description}. ` : ''}Taking you back to your ideas...
        </Callout>
      ) : null}
    </GeneratingScreen>
  );
}
