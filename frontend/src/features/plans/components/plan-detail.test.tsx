import { type PlanDto, planHistoryResponseSchema, planSchema, taskSchema } from '@contracts/plans';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { PlanDetail } from './plan-detail';
import { detailedMilestone, gate, outline, plan, task } from './plan-test-support';

function renderPlan(body: PlanDto, ...handlers: Parameters<typeof server.use>) {
  server.use(meHandler(member()), http.get('/api/plans/plan-1', () => HttpResponse.json(planSchema.parse(body))), ...handlers);
  return renderRoutes({ '/plan/:id': <PlanDetail planId="plan-1" milestoneCreditsLeft={3} /> }, '/plan/plan-1');
}

const firstWeek = (tasks = [task('t1'), task('t2')]) => plan([detailedMilestone('m1', 0, tasks), outline('m2', 1), outline('m3', 2)]);
const taskRow = (title: string) => screen.getByRole('checkbox', { name: title }).closest<HTMLElement>('[data-testid="plan-task"]')!;

describe('the plan page', () => {
  it('shows the plan, its open first week with resources opening in a new tab, and locked outlines', async () => {
    renderPlan(firstWeek([task('t1', { completed: 'true' }), task('t2')]));
    expect(await screen.findByRole('heading', { name: 'Pet Portrait Commissions Plan', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('plan-progress')).toHaveTextContent('50%');
    expect(screen.getByTestId('milestone-credits')).toHaveTextContent('3 milestone credits left');
    expect(screen.getByText('Turn your pet drawings into paid commissions in six weeks.')).toBeInTheDocument();

    const link = screen.getByRole('link', { name: /Fiverr Academy/ });
    expect(link).toHaveAttribute('href', 'https://learn.fiverr.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('PAID (PREMIUM) RESOURCES')).toBeInTheDocument();
    expect(screen.getByText('Your gig is live with three tiers')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Task t1' })).toBeChecked();

    const locked = screen.getAllByTestId('milestone')[1]!;
    expect(within(locked).getByText('Complete previous milestones to unlock')).toBeInTheDocument();
    const header = within(locked).getByRole('button', { name: /Week 2: Grow/ });
    expect(header).not.toHaveAttribute('aria-expanded');
    await userEvent.click(header);
    expect(within(locked).queryByText('Tasks')).not.toBeInTheDocument();
  });

  it('ticks a task at once and keeps it when the server agrees', async () => {
    const answer = gate();
    const bodies: unknown[] = [];
    renderPlan(
      firstWeek(),
      http.patch('/api/tasks/t1/toggle', async ({ request }) => {
        bodies.push(await request.json());
        await answer.opened;
        return HttpResponse.json({ task: taskSchema.parse(task('t1', { completed: 'true' })), planId: 'plan-1', status: 'active', progress: 50 });
      }),
    );
    const box = await screen.findByRole('checkbox', { name: 'Task t1' });
    // The plan is read again once the toggle settles.
    server.use(http.get('/api/plans/plan-1', () => HttpResponse.json(firstWeek([task('t1', { completed: 'true' }), task('t2')]))));
    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(screen.getByTestId('plan-progress')).toHaveTextContent('50%');
    answer.open();
    await waitFor(() => expect(bodies).toEqual([{ completed: true }]));
    expect(box).toBeChecked();
  });

  it('rolls a tick back and says so when the server refuses', async () => {
    const answer = gate();
    renderPlan(
      firstWeek(),
      http.patch('/api/tasks/t1/toggle', async () => {
        await answer.opened;
        return HttpResponse.json({ message: 'Down', code: 'internal' }, { status: 500 });
      }),
    );
    const box = await screen.findByRole('checkbox', { name: 'Task t1' });
    // The plan read again afterwards never arrives: only the rollback can clear the box.
    server.use(http.get('/api/plans/plan-1', () => delay('infinite')));
    await userEvent.click(box);
    expect(box).toBeChecked();
    answer.open();
    expect(await screen.findByText('Failed to update task')).toBeInTheDocument();
    await waitFor(() => expect(box).not.toBeChecked());
    expect(screen.getByTestId('plan-progress')).toHaveTextContent('0%');
  });

  it('asks for help: Ask for help, then Loading..., then Help Provided with the answer open', async () => {
    const answer = gate();
    const helped = task('t1', { helpResponse: '**Start** with three tiers: basic sketch, colour, framed. <b>not html</b>' });
    renderPlan(
      firstWeek(),
      http.post('/api/tasks/t1/help', async () => {
        await answer.opened;
        return HttpResponse.json({ help: helped.helpResponse, task: helped });
      }),
    );
    await screen.findByRole('checkbox', { name: 'Task t1' });
    server.use(http.get('/api/plans/plan-1', () => HttpResponse.json(firstWeek([helped, task('t2')]))));
    await userEvent.click(within(taskRow('Task t1')).getByRole('button', { name: /Ask for help/ }));
    expect(within(taskRow('Task t1')).getByRole('button', { name: 'Loading...' })).toBeDisabled();
    answer.open();

    const done = await within(taskRow('Task t1')).findByRole('button', { name: /Help Provided/ });
    expect(done).toBeDisabled();
    const answerText = within(taskRow('Task t1')).getByTestId('task-help');
    expect(answerText).toHaveTextContent('Start with three tiers: basic sketch, colour, framed. <b>not html</b>');
    expect(within(answerText).getByText('Start').tagName).toBe('STRONG');
    const hide = within(taskRow('Task t1')).getByRole('button', { name: 'Hide help' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(hide);
    expect(within(taskRow('Task t1')).getByRole('button', { name: 'Show help' })).toHaveAttribute('aria-expanded', 'false');
    // The other task still offers help.
    expect(within(taskRow('Task t2')).getByRole('button', { name: /Ask for help/ })).toBeEnabled();
  });

  it('shows the help limit as a banner offering the upgrade to a free member', async () => {
    renderPlan(
      firstWeek(),
      http.post('/api/tasks/t1/help', () =>
        HttpResponse.json({ message: "You've used all 5 help requests this month", code: 'help_limit', limitReached: true, upgradeRequired: true }, { status: 403 }),
      ),
    );
    await screen.findByRole('checkbox', { name: 'Task t1' });
    await userEvent.click(within(taskRow('Task t1')).getByRole('button', { name: /Ask for help/ }));
    const banner = await screen.findByTestId('plan-limit-banner');
    // Under the task whose button was pressed, focused.
    expect(taskRow('Task t1')).toContainElement(banner);
    await waitFor(() => expect(banner.parentElement).toHaveFocus());
    expect(within(banner).getByText('Go Pro to unlock advanced features')).toBeInTheDocument();
    expect(within(banner).getByText("You've used all 5 help requests this month")).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/upsell');
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('plan-limit-banner')).not.toBeInTheDocument();
  });

  it('enables Generate Next Milestone only once every task is done', async () => {
    renderPlan(firstWeek([task('t1', { completed: 'true' }), task('t2')]));
    const button = await screen.findByRole('button', { name: 'Generate Next Milestone (1/3)' });
    expect(button).toBeDisabled();
    expect(screen.queryByTestId('next-milestone-notice')).not.toBeInTheDocument();
  });

  it('keeps Generate Next Milestone disabled until the last tick has reached the server', async () => {
    const answer = gate();
    renderPlan(
      firstWeek([task('t1', { completed: 'true' }), task('t2')]),
      http.patch('/api/tasks/t2/toggle', async () => {
        await answer.opened;
        return HttpResponse.json({ task: taskSchema.parse(task('t2', { completed: 'true' })), planId: 'plan-1', status: 'active', progress: 100 });
      }),
    );
    const box = await screen.findByRole('checkbox', { name: 'Task t2' });
    server.use(http.get('/api/plans/plan-1', () => HttpResponse.json(firstWeek([task('t1', { completed: 'true' }), task('t2', { completed: 'true' })]))));
    await userEvent.click(box);
    expect(box).toBeChecked();
    const button = screen.getByRole('button', { name: 'Generate Next Milestone (1/3)' });
    expect(button).toBeDisabled();
    // Why it is still disabled, now that every box is ticked.
    expect(screen.getByTestId('saving-progress')).toHaveTextContent('Saving your progress…');
    answer.open();
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByTestId('saving-progress')).not.toBeInTheDocument();
  });

  it('generates the next milestone: running label, then the new week open and the plan moved on', async () => {
    const answer = gate();
    const allDone = firstWeek([task('t1', { completed: 'true' }), task('t2', { completed: 'true' })]);
    const week2 = detailedMilestone('m2', 1, [task('t3')], { title: 'Week 2: First buyers', successCriteria: 'Three orders delivered' });
    const after = plan([allDone.milestones[0]!, week2, outline('m3', 2)]);
    renderPlan(
      allDone,
      http.post('/api/plans/plan-1/generate-next-milestone', async () => {
        await answer.opened;
        return HttpResponse.json({ milestone: week2, plan: after });
      }),
    );
    const button = await screen.findByRole('button', { name: 'Generate Next Milestone (1/3)' });
    expect(button).toBeEnabled();
    server.use(http.get('/api/plans/plan-1', () => HttpResponse.json(after)));
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Generating Milestone 2...' })).toBeDisabled();
    answer.open();

    expect(await screen.findByText('Next milestone generated successfully!')).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Task t3' })).toBeInTheDocument();
    expect(screen.getByText('Three orders delivered')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Next Milestone (2/3)' })).toBeDisabled();
    // From milestone 2 on, the yellow notice says what unlocks the next one.
    expect(screen.getByTestId('next-milestone-notice')).toHaveTextContent('Complete all tasks from previous milestones to unlock Milestone 3');
  });

  it('tells why a milestone could not be generated', async () => {
    renderPlan(
      firstWeek([task('t1', { completed: 'true' }), task('t2', { completed: 'true' })]),
      http.post('/api/plans/plan-1/generate-next-milestone', () =>
        HttpResponse.json({ message: 'Finish every task first', code: 'previous_tasks_incomplete' }, { status: 409 }),
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Next Milestone (1/3)' }));
    expect(await screen.findByText('Cannot generate milestone')).toBeInTheDocument();
    expect(screen.getByText('Complete previous tasks first')).toBeInTheDocument();
  });

  it('adds a task with Enter, trimmed, and refuses an empty title', async () => {
    const bodies: unknown[] = [];
    renderPlan(
      firstWeek(),
      http.post('/api/plans/plan-1/milestones/m1/tasks', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(task('t9', { title: 'Post in two pet groups' }), { status: 201 });
      }),
    );
    const input = await screen.findByRole('textbox', { name: 'Add a task' });
    expect(input).toHaveAttribute('placeholder', 'Add a task...');
    await userEvent.type(input, '   {Enter}');
    expect(bodies).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add task' })).toBeDisabled();

    server.use(
      http.get('/api/plans/plan-1', () => HttpResponse.json(firstWeek([task('t1'), task('t2'), task('t9', { title: 'Post in two pet groups' })]))),
    );
    await userEvent.clear(input);
    await userEvent.type(input, '  Post in two pet groups  {Enter}');
    expect(await screen.findByText('Task added successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ title: 'Post in two pet groups' }]);
    expect(await screen.findByRole('checkbox', { name: 'Post in two pet groups' })).toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('lists the plan’s history and shows the plan as it stood at a chosen step', async () => {
    const now = firstWeek([task('t1', { completed: 'true' }), task('t2')]);
    const atStart = firstWeek();
    const entries = [
      { version: 0, type: 'PlanCreated', occurredAt: '2026-11-20T09:00:00.000Z', actor: { kind: 'user', userId: 'user-1', role: 'free' }, summary: 'Created the plan “Pet Portrait Commissions Plan”' },
      { version: 1, type: 'TaskCompleted', occurredAt: '2026-11-21T09:00:00.000Z', actor: { kind: 'user', userId: 'user-1', role: 'free' }, summary: 'Completed the task “Task t1”', taskId: 't1', taskTitle: 'Task t1' },
    ];
    const asked: (string | null)[] = [];
    renderPlan(
      now,
      http.get('/api/plans/plan-1/history', ({ request }) => {
        const at = new URL(request.url).searchParams.get('at');
        asked.push(at);
        return HttpResponse.json(planHistoryResponseSchema.parse({ entries, at: at === null ? 1 : Number(at), plan: at === '0' ? atStart : now }));
      }),
    );
    await userEvent.click(await screen.findByRole('tab', { name: /History/ }));
    const steps = await screen.findAllByTestId('history-entry');
    expect(steps).toHaveLength(2);
    expect(within(steps[1]!).getByText('Completed the task “Task t1”')).toBeInTheDocument();
    expect(within(steps[1]!).getByText(/You/)).toBeInTheDocument();
    expect(screen.getByText('This is your plan as it is now.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Task t1' })).toBeChecked();

    expect(screen.getByLabelText('Progress now: 50% of tasks done')).toBeInTheDocument();

    await userEvent.click(within(steps[0]!).getByRole('button', { name: 'View plan here' }));
    expect(await screen.findByText(/Your plan right after:/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Task t1' })).not.toBeChecked());
    // The progress shown is the snapshot's, dated; today's is not shown above it.
    expect(screen.getAllByTestId('plan-progress')).toHaveLength(1);
    expect(screen.getByTestId('plan-progress')).toHaveTextContent('0%');
    expect(screen.getByText(/^Progress on 20 November 2026/)).toBeInTheDocument();
    // A record of the past: nothing to tick, ask or add.
    expect(screen.getByRole('checkbox', { name: 'Task t1' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Ask for help/ })).not.toBeInTheDocument();
    expect(asked).toEqual([null, '0']);
  });

  it('says what the progress counts, and the plan’s length as a person says it', async () => {
    renderPlan(plan([detailedMilestone('m1', 0, [task('t1', { completed: 'true' }), task('t2', { completed: 'true' })]), outline('m2', 1), outline('m3', 2)], { timeEstimate: '3 × 1 week' }));
    const progress = await screen.findByLabelText('Overall progress: 100% of tasks done');
    expect(within(progress).getByText('Overall progress: tasks done')).toBeInTheDocument();
    expect(screen.getByTestId('plan-progress-counts')).toHaveTextContent('2 of 2 tasks · 1 of 3 milestones done');
    expect(screen.getByText('3 weeks')).toBeInTheDocument();
    expect(screen.queryByText(/×/)).not.toBeInTheDocument();
  });

  it('adds one task and asks for help once however fast the clicks, each call with its own Idempotency-Key', async () => {
    const added: (string | null)[] = [];
    const helped: (string | null)[] = [];
    const helpedTask = task('t1', { helpResponse: 'Start with three tiers.' });
    renderPlan(
      firstWeek(),
      http.post('/api/plans/plan-1/milestones/m1/tasks', async ({ request }) => {
        added.push(request.headers.get('idempotency-key'));
        await delay(50);
        return HttpResponse.json(task('t9', { title: 'Post in two pet groups' }), { status: 201 });
      }),
      http.post('/api/tasks/t1/help', async ({ request }) => {
        helped.push(request.headers.get('idempotency-key'));
        await delay(50);
        return HttpResponse.json({ help: helpedTask.helpResponse, task: helpedTask });
      }),
    );
    const input = await screen.findByRole('textbox', { name: 'Add a task' });
    await userEvent.type(input, 'Post in two pet groups');
    server.use(http.get('/api/plans/plan-1', () => HttpResponse.json(firstWeek([task('t1'), task('t2'), task('t9', { title: 'Post in two pet groups' })]))));
    const plus = screen.getByRole('button', { name: 'Add task' });
    // Two clicks before the page can re-render: the worst case of a double click.
    plus.click();
    plus.click();
    expect(await screen.findByText('Task added successfully')).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: 'Post in two pet groups' });
    server.use(http.get('/api/plans/plan-1', () => HttpResponse.json(firstWeek([helpedTask, task('t2'), task('t9', { title: 'Post in two pet groups' })]))));
    const ask = within(taskRow('Task t1')).getByRole('button', { name: /Ask for help/ });
    ask.click();
    ask.click();
    await within(taskRow('Task t1')).findByRole('button', { name: /Help Provided/ });
    expect(added).toHaveLength(1);
    expect(helped).toHaveLength(1);
    expect(added[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(helped[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(helped[0]).not.toBe(added[0]);
  });

  it('asks again with the same key after a reload in the middle of a call, and shows its outcome', async () => {
    const keys: (string | null)[] = [];
    const allDone = firstWeek([task('t1', { completed: 'true' }), task('t2', { completed: 'true' })]);
    const week2 = detailedMilestone('m2', 1, [task('t3')]);
    const after = plan([allDone.milestones[0]!, week2, outline('m3', 2)]);
    // What the page left in the tab when it was reloaded while the call was on its way.
    sessionStorage.setItem('skilly.pendingAttempts', JSON.stringify({ 'next-milestone:plan-1': { idempotencyKey: 'key-1', startedAt: Date.now() } }));
    renderPlan(
      after,
      http.post('/api/plans/plan-1/generate-next-milestone', ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        // The first call still runs, then it has answered: the server tells, then replays.
        return keys.length === 1
          ? HttpResponse.json({ message: 'A request with this Idempotency-Key is being processed. Please retry shortly.', code: 'idempotency_in_progress' }, { status: 409 })
          : HttpResponse.json({ milestone: week2, plan: after });
      }),
    );
    expect(await screen.findByText('Next milestone generated successfully!', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(keys).toEqual(['key-1', 'key-1']);
    expect(screen.queryByText('Cannot generate milestone')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('skilly.pendingAttempts')).toBeNull();
  });

  it('shows the milestone limit banner beside the button, focused', async () => {
    renderPlan(
      firstWeek([task('t1', { completed: 'true' }), task('t2', { completed: 'true' })]),
      http.post('/api/plans/plan-1/generate-next-milestone', () =>
        HttpResponse.json({ message: '', code: 'milestone_limit_pro', limitReached: true, upgradeRequired: false }, { status: 403 }),
      ),
    );
    const button = await screen.findByRole('button', { name: 'Generate Next Milestone (1/3)' });
    await userEvent.click(button);
    const banner = await screen.findByTestId('plan-limit-banner');
    expect(within(banner).getByText('Limit Reached')).toBeInTheDocument();
    expect(within(banner).getByText("You've reached your milestone generation limit")).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
    // Right above the button that was pressed, not at the top of the page.
    expect(button.closest('.next-milestone')).toContainElement(banner);
    await waitFor(() => expect(banner.parentElement).toHaveFocus());
  });

  it('says so when the plan does not exist', async () => {
    server.use(meHandler(member()), http.get('/api/plans/nope', () => HttpResponse.json({ message: 'Plan not found', code: 'plan_not_found' }, { status: 404 })));
    renderRoutes({ '/plan/:id': <PlanDetail planId="nope" /> }, '/plan/nope');
    expect(await screen.findByText('Plan not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Plans' })).toHaveAttribute('href', '/plans');
  });
});
