import { ideaSetSchema } from '@contracts/ideas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ideasFixture, meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { RecentIdeas } from './recent-ideas';

const set = (id: string, skill: string, createdAt: string) => ideaSetSchema.parse({ id, skill, ...ideasFixture, createdAt });

const renderPanel = () => renderRoutes({ '/dashboard': <RecentIdeas /> }, '/dashboard');

describe('the dashboard’s Recent Ideas', () => {
  it('links each of the 3 newest distinct skills to its set on /ideas', async () => {
    const sets = [
      set('set-4', 'I draw pets', '2026-11-20T09:00:00.000Z'),
      set('set-3', 'i draw pets ', '2026-11-19T09:00:00.000Z'),
      set('set-2', 'I bake sourdough', '2026-11-18T09:00:00.000Z'),
      set('set-1', 'I fix bikes', '2026-11-17T09:00:00.000Z'),
      set('set-0', 'I teach guitar', '2026-11-16T09:00:00.000Z'),
    ];
    server.use(meHandler(member()), http.get('/api/idea-sets', () => HttpResponse.json(sets)));
    renderPanel();

    expect(await screen.findByRole('link', { name: /I draw pets/ })).toHaveAttribute('href', '/ideas?scroll=set-4');
    expect(screen.getByRole('link', { name: /I bake sourdough/ })).toHaveAttribute('href', '/ideas?scroll=set-2');
    expect(screen.getByRole('link', { name: /I fix bikes/ })).toHaveAttribute('href', '/ideas?scroll=set-1');
    expect(screen.queryByText('I teach guitar')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/ideas');
  });

  it('invites a member without ideas to describe their skill', async () => {
    server.use(meHandler(member()), http.get('/api/idea-sets', () => HttpResponse.json([])));
    renderPanel();
    expect(await screen.findByText('No ideas yet')).toBeInTheDocument();
    expect(screen.getByText('Describe your skill below to get your first ideas.')).toBeInTheDocument();
  });

  it('says the list failed to load and loads it again on Retry', async () => {
    let calls = 0;
    server.use(
      meHandler(member()),
      http.get('/api/idea-sets', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ message: 'Database unavailable' }, { status: 500 }) : HttpResponse.json([set('set-1', 'I fix bikes', '2026-11-17T09:00:00.000Z')]);
      }),
    );
    renderPanel();
    expect(await screen.findByText('Failed to load your ideas')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /I fix bikes/ })).toHaveAttribute('href', '/ideas?scroll=set-1');
    expect(screen.queryByText('Failed to load your ideas')).not.toBeInTheDocument();
  });
});
