import { ideaSetSchema } from '@contracts/ideas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ideasFixture, meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { IdeasScreen } from './ideas-screen';

const newest = ideaSetSchema.parse({ id: 'set-2', skill: 'I draw pets', ...ideasFixture, createdAt: '2026-11-20T09:00:00.000Z' });
const older = ideaSetSchema.parse({
  id: 'set-1',
  skill: 'I bake sourdough',
  categories: [{ id: 'online', name: 'Online Business', color: 'blue' }],
  ideas: [
    {
      id: 'online-1',
      title: 'Starter Kits by Post',
      subtitle: 'Dried starter with a guide',
      description: 'Ship dried starter and a printed guide.',
      category: 'online',
      industry: 'Food',
      method: 'Etsy shop',
      pricing: '$12 per kit',
    },
  ],
  personalized: true,
  createdAt: '2026-11-02T09:00:00.000Z',
});

function renderIdeas() {
  server.use(
    meHandler(member()),
    http.get('/api/idea-sets', ({ request }) => {
      expect(new URL(request.url).searchParams.get('limit')).toBe('20');
      return HttpResponse.json([newest, older].map((set) => ideaSetSchema.parse(set)));
    }),
  );
  return renderRoutes({ '/ideas': <IdeasScreen /> }, '/ideas');
}

const panel = (skill: string) => screen.getByRole('button', { name: new RegExp(skill) }).closest<HTMLElement>('[data-testid="idea-set"]')!;

describe('the ideas accordion', () => {
  it('opens the newest set with its categories and each idea’s details', async () => {
    renderIdeas();
    const header = await screen.findByRole('button', { name: /I draw pets/ });
    expect(header).toHaveAttribute('aria-expanded', 'true');
    const set = panel('I draw pets');
    expect(within(set).getByRole('button', { name: 'All (2)' })).toBeInTheDocument();
    expect(within(set).getByRole('button', { name: 'Fiverr Gigs (1)' })).toBeInTheDocument();
    expect(within(set).getByRole('button', { name: 'Local Services (1)' })).toBeInTheDocument();
    const card = within(set).getByRole('heading', { name: 'Pet Portrait Commissions' }).closest<HTMLElement>('[data-testid="idea-card"]')!;
    expect(within(card).getByText('Custom illustrations of pets')).toBeInTheDocument();
    expect(within(card).getByText('Pets')).toBeInTheDocument();
    expect(within(card).getByText('Fiverr gig with three tiers')).toBeInTheDocument();
    expect(within(card).getByText('$40-$120 per portrait')).toBeInTheDocument();
  });

  it('shows an older set’s ideas only once it is expanded', async () => {
    renderIdeas();
    const header = await screen.findByRole('button', { name: /I bake sourdough/ });
    expect(header).toHaveAttribute('aria-expanded', 'false');
    expect(within(header).getByText('Personalized for you')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Starter Kits by Post' })).not.toBeInTheDocument();

    await userEvent.click(header);
    expect(header).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('heading', { name: 'Starter Kits by Post' })).toBeInTheDocument();
    expect(screen.getByText('Etsy shop')).toBeInTheDocument();
    expect(screen.getByText('$12 per kit')).toBeInTheDocument();
  });

  it('filters a set’s ideas by category', async () => {
    renderIdeas();
    await screen.findByRole('heading', { name: 'Market Stall Sketches' });
    const set = panel('I draw pets');

    await userEvent.click(within(set).getByRole('button', { name: 'Local Services (1)' }));
    expect(within(set).getByRole('heading', { name: 'Market Stall Sketches' })).toBeInTheDocument();
    expect(within(set).queryByRole('heading', { name: 'Pet Portrait Commissions' })).not.toBeInTheDocument();

    await userEvent.click(within(set).getByRole('button', { name: 'All (2)' }));
    expect(within(set).getByRole('heading', { name: 'Pet Portrait Commissions' })).toBeInTheDocument();
  });
});
