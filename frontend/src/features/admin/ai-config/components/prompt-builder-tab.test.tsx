import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { aiConfig, aiConfigApi, previewBody } from './ai-config-test-support';
import { PromptBuilderTab } from './prompt-builder-tab';

const renderTab = () => renderRoutes({ '/dashboard': <PromptBuilderTab /> }, '/dashboard');
const field = (label: string) => screen.getByLabelText(label);
async function type(label: string, value: string) {
  await userEvent.clear(field(label));
  await userEvent.type(field(label), value);
}
const subTab = (name: string) => userEvent.click(screen.getByRole('tab', { name }));
const posts = (api: ReturnType<typeof aiConfigApi>) => api.callsTo('POST', '/api/admin/ai-config');
const previews = (api: ReturnType<typeof aiConfigApi>) => api.callsTo('POST', '/api/admin/ai-config/preview');

describe('the admin Skilly AI (prompt builder) tab', () => {
  it('has the three sub-tabs, and the Idea Generation prompt with its placeholders as chips', async () => {
    aiConfigApi();
    renderTab();
    expect(await screen.findByRole('tab', { name: 'Idea Generation' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Plan Generation' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Task Help' })).toBeInTheDocument();
    expect(field('Idea generation prompt')).toHaveValue('Ideas for {skill}.');
    const chips = within(screen.getByRole('group', { name: 'Placeholders for Idea generation prompt' }));
    expect(chips.getAllByRole('button').map((chip) => chip.textContent)).toEqual(['{skill}', '{ideasPerCategory}', '{totalIdeas}', '{descriptionLength}']);
    expect(field('Categories')).toHaveValue('fiverr | Fiverr Gigs | gig, fiverr');
    expect(field('Ideas per category')).toHaveValue(3);
  });

  it('puts a placeholder where the cursor is, replacing the selection', async () => {
    aiConfigApi();
    renderTab();
    const prompt = (await screen.findByLabelText('Idea generation prompt')) as HTMLTextAreaElement;
    prompt.setSelectionRange(6, 6);
    fireEvent.select(prompt);
    await userEvent.click(screen.getByRole('button', { name: '{totalIdeas}' }));
    expect(prompt).toHaveValue('Ideas {totalIdeas}for {skill}.');
    expect(prompt.selectionStart).toBe(6 + '{totalIdeas}'.length);

    prompt.setSelectionRange(0, 5);
    await userEvent.click(screen.getByRole('button', { name: '{descriptionLength}' }));
    expect(prompt).toHaveValue('{descriptionLength} {totalIdeas}for {skill}.');
  });

  it('Save Idea Generation sends the idea prompt and the idea settings only', async () => {
    const api = aiConfigApi();
    renderTab();
    await screen.findByLabelText('Idea generation prompt');
    await type('Ideas per category', '4');
    await userEvent.selectOptions(field('Income range style'), 'hourly');
    await userEvent.click(field('Include specific tools'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Idea Generation' }));
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(posts(api)[0]!.body).toEqual({
      ideaGenerationPrompt: 'Ideas for {skill}.',
      promptBuilderSettings: {
        ideaDescriptionLength: 600,
        ideaDetailLevel: 'detailed',
        includeSpecificTools: false,
        ideasPerCategory: 4,
        incomeRangeStyle: 'hourly',
        ideaCustomInstructions: '',
        enableProPersonalization: true,
        categoriesText: 'fiverr | Fiverr Gigs | gig, fiverr',
        categoryInstructions: 'Spread the ideas.',
        personalizationInstructions: 'Tailor the ideas.',
      },
    });
    expect(await screen.findByText('AI configuration saved as version 4')).toBeInTheDocument();
  });

  it('refuses out-of-range settings and a prompt without {skill} before sending', async () => {
    const api = aiConfigApi();
    renderTab();
    await screen.findByLabelText('Idea generation prompt');
    await type('Ideas per category', '11');
    await type('Description length (characters)', '50');
    await type('Idea generation prompt', 'Ideas please');
    await userEvent.click(screen.getByRole('button', { name: 'Save Idea Generation' }));
    expect(await screen.findByText('Ideas per category must be between 1 and 10')).toBeInTheDocument();
    expect(screen.getByText('Description length must be at least 100')).toBeInTheDocument();
    expect(screen.getByText('The idea generation prompt must contain the {skill} placeholder')).toBeInTheDocument();
    expect(posts(api)).toHaveLength(0);
  });

  it('Save Plan Generation and Save Task Help send only their own fields', async () => {
    const api = aiConfigApi();
    renderTab();
    await screen.findByLabelText('Idea generation prompt');
    await subTab('Plan Generation');
    await type('Milestones', '8');
    const next = field('Next milestone prompt') as HTMLTextAreaElement;
    next.setSelectionRange(next.value.length, next.value.length);
    await userEvent.click(screen.getByRole('button', { name: '{totalWeeks}' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Plan Generation' }));
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(posts(api)[0]!.body).toEqual({
      planGenerationPrompt: 'Plan for {ideaTitle}.',
      nextMilestonePrompt: 'Week {weekNumber}.{totalWeeks}',
      promptBuilderSettings: {
        milestonesCount: 8,
        tasksPerMilestone: 10,
        planTimeframe: 'weekly',
        planDetailLevel: 'detailed',
        includeResources: true,
        planCustomInstructions: '',
      },
    });
    // The sub-tab stays open after the save brings the new version.
    await waitFor(() => expect(screen.getByTestId('ai-config-version')).toHaveTextContent('Version 4'));
    expect(screen.getByRole('tab', { name: 'Plan Generation' })).toHaveAttribute('aria-selected', 'true');

    await subTab('Task Help');
    const chips = within(screen.getByRole('group', { name: 'Placeholders for Task help prompt' }));
    expect(chips.getAllByRole('button').map((chip) => chip.textContent)).toEqual(['{taskTitle}', '{milestoneTitle}', '{milestoneDescription}']);
    await type('Task help prompt', 'Explain {{taskTitle}');
    await userEvent.click(screen.getByRole('button', { name: 'Save Task Help' }));
    await waitFor(() => expect(posts(api)).toHaveLength(2));
    expect(posts(api)[1]!.body).toEqual({ taskHelpPrompt: 'Explain {taskTitle}' });
  });

  it("saving one sub-tab keeps another sub-tab's unsaved edits; a change to that sub-tab's own fields starts it afresh", async () => {
    const api = aiConfigApi();
    renderTab();
    await screen.findByLabelText('Idea generation prompt');
    await subTab('Plan Generation');
    await type('Milestones', '9');
    await type('Plan custom instructions', 'Keep weeks short.');

    await subTab('Idea Generation');
    await type('Ideas per category', '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save Idea Generation' }));
    await waitFor(() => expect(screen.getByTestId('ai-config-version')).toHaveTextContent('Version 4'));
    expect(field('Ideas per category')).toHaveValue(5);
    expect(within(screen.getByRole('form', { name: 'Idea Generation' })).queryByText('Unsaved changes')).not.toBeInTheDocument();

    await subTab('Plan Generation');
    expect(field('Milestones')).toHaveValue(9);
    expect(field('Plan custom instructions')).toHaveValue('Keep weeks short.');
    expect(within(screen.getByRole('form', { name: 'Plan Generation' })).getByText('Unsaved changes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Plan Generation' }));
    await waitFor(() => expect(posts(api)).toHaveLength(2));
    expect(posts(api)[1]!.body).toMatchObject({ promptBuilderSettings: { milestonesCount: 9, planCustomInstructions: 'Keep weeks short.' } });

    // Task Help's unsaved edit is dropped when its own field changes under it (a restore here, another admin's save).
    await subTab('Task Help');
    await type('Task help prompt', 'Unsaved {taskTitle}');
    server.use(
      http.post('/api/admin/ai-config', async () => HttpResponse.json(aiConfig({ version: 6, taskHelpPrompt: 'Theirs {taskTitle}' }))),
      http.get('/api/admin/ai-config', () => HttpResponse.json(aiConfig({ version: 6, taskHelpPrompt: 'Theirs {taskTitle}' }))),
    );
    await subTab('Idea Generation');
    await userEvent.click(screen.getByRole('button', { name: 'Save Idea Generation' }));
    await waitFor(() => expect(screen.getByTestId('ai-config-version')).toHaveTextContent('Version 6'));
    await subTab('Task Help');
    expect(field('Task help prompt')).toHaveValue('Theirs {taskTitle}');
  });

  it('previews the messages the server builds from the unsaved changes and the sample skill', async () => {
    const api = aiConfigApi({
      preview: (body) => {
        const request = body as { changes?: { ideaGenerationPrompt?: string }; sample?: { skill?: string } };
        return previewBody({ system: 'You are Skilly.', user: `${request.changes?.ideaGenerationPrompt ?? ''} / ${request.sample?.skill ?? ''}` });
      },
    });
    renderTab();
    expect(await screen.findByTestId('ai-preview-user')).toHaveTextContent('Ideas for {skill}. / graphic design');
    expect(screen.getByTestId('ai-preview-system')).toHaveTextContent('You are Skilly.');
    expect(previews(api)[0]!.body).toMatchObject({ kind: 'ideas', sample: { skill: 'graphic design' } });

    await type('Sample skill', 'baking');
    await userEvent.type(field('Idea generation prompt'), ' Now!');
    await waitFor(() => expect(screen.getByTestId('ai-preview-user')).toHaveTextContent('Ideas for {skill}. Now! / baking'));
    // Debounced: one request per pause, not one per keystroke.
    expect(previews(api).length).toBeLessThan(6);

    await subTab('Plan Generation');
    await waitFor(() => expect(previews(api).at(-1)!.body).toMatchObject({ kind: 'plan' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Next milestone' }));
    await waitFor(() => expect(previews(api).at(-1)!.body).toMatchObject({ kind: 'nextMilestone', changes: { nextMilestonePrompt: 'Week {weekNumber}.' } }));
  });

  it("shows the preview's failure with the server's message, and waits for valid fields", async () => {
    aiConfigApi();
    server.use(http.post('/api/admin/ai-config/preview', () => HttpResponse.json({ message: 'Preview is unavailable', code: 'unavailable' }, { status: 503 })));
    renderTab();
    expect(await screen.findByTestId('ai-preview-error')).toHaveTextContent('Preview is unavailable');

    await type('Ideas per category', '0');
    expect(await screen.findByTestId('ai-preview-invalid')).toHaveTextContent('The preview waits for valid fields: Ideas per category must be between 1 and 10');
  });
});
