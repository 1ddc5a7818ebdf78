import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { aiConfig, aiConfigApi } from './ai-config-test-support';
import { ModelTab } from './model-tab';

const renderTab = () => renderRoutes({ '/dashboard': <ModelTab /> }, '/dashboard');
const field = (label: string) => screen.getByLabelText(label);
async function type(label: string, value: string) {
  await userEvent.clear(field(label));
  await userEvent.type(field(label), value);
}
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('the admin Model tab', () => {
  it('shows the configuration in force, its version and who saved it, and the eight selectable models', async () => {
    aiConfigApi();
    renderTab();
    expect(await screen.findByTestId('ai-config-version')).toHaveTextContent('Version 3, saved 22 Nov 2026');
    expect(screen.getByTestId('ai-config-version')).toHaveTextContent('by Grace Hopper');
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-4o-mini');
    expect(within(screen.getByRole('combobox', { name: 'Model' })).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'gpt-4.1-nano',
      'gpt-4.1-mini',
      'gpt-4.1',
      'gpt-4o-mini',
      'gpt-4o',
      'gpt-4-turbo',
      'gpt-4',
      'gpt-3.5-turbo',
    ]);
    expect(field('System prompt')).toHaveValue('You are Skilly.');
    expect(field('Temperature')).toHaveValue(0.7);
    expect(field('Plan generation')).toHaveValue(3000);
    expect(field('Output token cost')).toHaveValue(10);
  });

  it('says which field is out of range, and sends nothing', async () => {
    const api = aiConfigApi();
    renderTab();
    await screen.findByTestId('ai-config-version');
    await type('Temperature', '2.5');
    await type('Idea generation', '100');
    await type('Plan generation', '20000');
    await type('Milestone', '499');
    await type('Task help', '2001');
    await type('Input token cost', '-1');
    await userEvent.clear(field('Output token cost'));
    await save();
    expect(await screen.findByText('Temperature must be between 0 and 2')).toBeInTheDocument();
    expect(screen.getByText('Idea tokens must be between 500 and 3000')).toBeInTheDocument();
    expect(screen.getByText('Plan tokens must be between 1000 and 10000')).toBeInTheDocument();
    expect(screen.getByText('Milestone tokens must be between 500 and 5000')).toBeInTheDocument();
    expect(screen.getByText('Help tokens must be between 300 and 2000')).toBeInTheDocument();
    expect(screen.getByText('Input token cost must be 0 or more')).toBeInTheDocument();
    expect(screen.getByText('Output token cost must be a number')).toBeInTheDocument();
    expect(field('Temperature')).toHaveAttribute('aria-invalid', 'true');

    await type('Temperature', '0.75');
    await type('Input token cost', '0.005');
    await save();
    expect(await screen.findByText('Temperature must be in steps of 0.1')).toBeInTheDocument();
    expect(screen.getByText('Input token cost must be in steps of 0.01')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/ai-config')).toHaveLength(0);
  });

  it("saves only this tab's fields, says so, and shows the new version", async () => {
    const api = aiConfigApi();
    renderTab();
    await screen.findByTestId('ai-config-version');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'gpt-4.1');
    await type('Temperature', '1.2');
    await type('Task help', '1500');
    await save();
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/ai-config')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/ai-config')[0]!.body).toEqual({
      modelName: 'gpt-4.1',
      systemPrompt: 'You are Skilly.',
      temperature: 1.2,
      ideaMaxTokens: 3000,
      maxTokens: 3000,
      milestoneMaxTokens: 2000,
      helpMaxTokens: 1500,
      inputTokenCostPer1M: 2.5,
      outputTokenCostPer1M: 10,
    });
    expect(await screen.findByText('AI configuration saved as version 4')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('ai-config-version')).toHaveTextContent('Version 4'));
    // The history is asked for again after the save.
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/ai-config/versions').length).toBeGreaterThan(1));
  });

  it("says 'Failed to update AI configuration' with the server's reason when the save is refused", async () => {
    aiConfigApi();
    server.use(
      http.post('/api/admin/ai-config', () =>
        HttpResponse.json({ message: '12 ideas of about 600 characters need about 2,400 tokens; the limit is 1,500', code: 'validation' }, { status: 400 }),
      ),
    );
    renderTab();
    await screen.findByTestId('ai-config-version');
    await save();
    expect(
      await screen.findByText('Failed to update AI configuration: 12 ideas of about 600 characters need about 2,400 tokens; the limit is 1,500'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
  });

  it("lists the versions with who, what changed and 'restored from', and shows one whole in a dialog", async () => {
    const api = aiConfigApi();
    renderTab();
    const rows = await screen.findAllByTestId('ai-config-version-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('v3')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('In force')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('temperature')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Restore version 3' })).toBeDisabled();
    expect(within(rows[1]!).getByText('restored from v1')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('by Grace Hopper')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'View version 2' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('model-of-v2')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/ai-config/versions/2')).toHaveLength(1);
  });

  it('restores a version only after a confirm, then shows the new configuration', async () => {
    const api = aiConfigApi();
    renderTab();
    await screen.findAllByTestId('ai-config-version-row');

    await userEvent.click(screen.getByRole('button', { name: 'Restore version 1' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Restore version 1?');
    await userEvent.click(within(alert).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', '/api/admin/ai-config/versions/1/restore')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Restore version 1' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/ai-config/versions/1/restore')).toHaveLength(1));
    expect(await screen.findByText('Version 1 restored as version 4')).toBeInTheDocument();
    await waitFor(() => expect(field('Temperature')).toHaveValue(1.5));
    expect(screen.getByTestId('ai-config-version')).toHaveTextContent('Version 4');
  });

  it('keeps unsaved edits when a new version leaves the Model fields alone, and starts afresh when it changes them', async () => {
    const api = aiConfigApi();
    // Each restore brings the next of these: first another admin's Skilly AI change (version 4, only a prompt
    // differs), then a version that changes the temperature.
    const next = [aiConfig({ version: 4, taskHelpPrompt: 'Theirs {taskTitle}' }), aiConfig({ version: 5, temperature: 1.5 })];
    let current = aiConfig();
    server.use(
      http.post('/api/admin/ai-config/versions/:version/restore', () => {
        current = next.shift()!;
        return HttpResponse.json(current);
      }),
      http.get('/api/admin/ai-config', () => HttpResponse.json(current)),
    );
    renderTab();
    await screen.findAllByTestId('ai-config-version-row');
    expect(screen.getByTestId('ai-config-version')).toHaveTextContent('Version 3');
    await type('System prompt', 'Be brief.');
    await userEvent.click(screen.getByRole('button', { name: 'Restore version 1' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.getByTestId('ai-config-version')).toHaveTextContent('Version 4'));
    expect(field('System prompt')).toHaveValue('Be brief.');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    // A version that changes a Model field (here the temperature) replaces the form's values.
    await userEvent.click(screen.getByRole('button', { name: 'Restore version 2' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(field('Temperature')).toHaveValue(1.5));
    expect(field('System prompt')).toHaveValue('You are Skilly.');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/ai-config')).toHaveLength(0);
  });

  it("shows a failure with the server's message and Retry when the configuration cannot be read", async () => {
    aiConfigApi();
    server.use(http.get('/api/admin/ai-config', () => HttpResponse.json({ message: 'Database unavailable', code: 'unavailable' }, { status: 503 })));
    renderTab();
    expect(await screen.findByText('Failed to load AI configuration')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows the outcomes of two versions side by side, each figure with its sample, and links the CSV', async () => {
    const row = (version: number, figures: Record<string, number | null>) => ({
      version,
      ideaSets: 2,
      ideas: 6,
      plans: 3,
      ideasPlanned: 2,
      planShare: 2 / 6,
      milestonesCompletedPerPlan: 2 / 3,
      tasksCompletedWithin30DaysPerPlan: 1,
      helpRequestsPerPlan: 1,
      members: 2,
      becamePro: 1,
      proShare: 0.5,
      aiCostUsd: 0.06,
      aiCostPerIdeaSetUsd: 0.03,
      ...figures,
    });
    aiConfigApi({
      outcomes: {
        versions: [row(1, {}), row(2, { ideas: 4, ideasPlanned: 1, planShare: 0.25, plans: 1, helpRequestsPerPlan: 0 }), row(3, { ideaSets: 0, ideas: 0 })],
        weeks: [
          { week: '2026-01-05', version: 1, ideaSets: 2, planShare: 2 / 6 },
          { week: '2026-01-12', version: 2, ideaSets: 2, planShare: 0.25 },
        ],
      },
    });
    renderTab();
    const table = await screen.findByTestId('ai-outcomes-table');
    // A version that made nothing yet has no column.
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Figure', 'v1', 'v2']);
    const plansRow = within(table).getByRole('row', { name: /Ideas turned into plans/ });
    expect(within(plansRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['33.3%2 of 6 ideas', '25%1 of 4 ideas']);
    const helpRow = within(table).getByRole('row', { name: /Help requests per plan/ });
    expect(within(helpRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['13 plans', '01 plan']);
    expect(screen.getByRole('img', { name: 'Ideas turned into plans, week by week, per version' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveAttribute('href', '/api/admin/ai-config/outcomes.csv');
  });
});
