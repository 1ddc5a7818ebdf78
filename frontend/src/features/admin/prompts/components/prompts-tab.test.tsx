import { type PromptHistoryEntryDto, promptHistoryEntrySchema } from '@contracts/ai-config';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { meHandler, member } from '../../../../test/api';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { PromptsTab } from './prompts-tab';

const entry = (id: string, overrides: Partial<PromptHistoryEntryDto> = {}): PromptHistoryEntryDto =>
  promptHistoryEntrySchema.parse({
    id,
    skill: `Skill ${id}`,
    createdAt: '2026-11-22T10:00:00.000Z',
    personalized: false,
    ideaCount: 12,
    userFirstName: 'Ada',
    userLastName: 'Lovelace',
    userEmail: 'ada@example.com',
    configVersion: 3,
    ...overrides,
  });

function open(body: PromptHistoryEntryDto[]) {
  server.use(meHandler(member({ role: 'admin' })), http.get('/api/admin/idea-sets', () => HttpResponse.json(body)));
  return renderRoutes({ '/dashboard': <PromptsTab /> }, '/dashboard');
}

const cards = () => screen.queryAllByTestId('prompt-card');
const card = (skill: string) => screen.getByText(skill).closest<HTMLElement>('[data-testid="prompt-card"]')!;

describe('the admin Skilly Prompts tab', () => {
  it('shows each prompt as a card: the user prompt, Completed, the submitted date, name and email, the idea count', async () => {
    open([
      entry('a', { skill: 'graphic design' }),
      entry('b', { skill: 'baking bread', ideaCount: 1, userFirstName: null, userLastName: null, userEmail: null, configVersion: null }),
    ]);
    expect(await screen.findByText('graphic design')).toBeInTheDocument();
    expect(cards()).toHaveLength(2);

    const member = within(card('graphic design'));
    expect(member.getByText('Completed')).toBeInTheDocument();
    expect(member.getByTestId('prompt-user')).toHaveTextContent('Ada Lovelace');
    expect(member.getByText('ada@example.com')).toBeInTheDocument();
    expect(member.getByText('22 Nov 2026', { exact: false })).toBeInTheDocument();
    expect(member.getByTestId('prompt-idea-count')).toHaveTextContent('12 ideas');

    const visitor = within(card('baking bread'));
    expect(visitor.getByTestId('prompt-user')).toHaveTextContent('Visitor');
    expect(visitor.getByText('Completed')).toBeInTheDocument();
    expect(visitor.getByTestId('prompt-idea-count')).toHaveTextContent('1 idea');
    expect(visitor.queryByText('@', { exact: false })).not.toBeInTheDocument();
  });

  it('shows the 10 most recent, in the order the server sends them', async () => {
    open(Array.from({ length: 12 }, (_, n) => entry(`e${n + 1}`)));
    await screen.findByText('Skill e1');
    expect(cards().map((c) => within(c).getByTestId('prompt-skill').textContent)).toEqual(Array.from({ length: 10 }, (_, n) => `Skill e${n + 1}`));
  });

  it("says 'No prompts yet' when there are none", async () => {
    open([]);
    expect(await screen.findByText('No prompts yet')).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
  });

  it("shows a failure with the server's message and Retry", async () => {
    let calls = 0;
    server.use(
      meHandler(member({ role: 'admin' })),
      http.get('/api/admin/idea-sets', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ message: 'Database unavailable', code: 'unavailable' }, { status: 503 }) : HttpResponse.json([entry('x', { skill: 'woodwork' })]);
      }),
    );
    renderRoutes({ '/dashboard': <PromptsTab /> }, '/dashboard');
    expect(await screen.findByText('Failed to load prompt history')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('woodwork')).toBeInTheDocument();
  });
});
