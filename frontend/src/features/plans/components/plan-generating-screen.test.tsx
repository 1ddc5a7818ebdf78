import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { meHandler, member } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { PlanGeneratingScreen } from './plan-generating-screen';

const query = new URLSearchParams({
  type: 'plan',
  ideaTitle: 'Pet Portrait Commissions',
  ideaDescription: 'Draw pets from photos sent by their owners.',
  category: 'fiverr',
  ideaId: 'fiverr-1',
});

function renderGenerating(at = `/generating?${query}`) {
  return renderRoutes({ '/generating': <PlanGeneratingScreen /> }, at);
}

const path = () => screen.getByTestId('current-path').textContent;

describe('plan generation on /generating?type=plan', () => {
  it('sends the idea once, says Generation Complete and opens the plan', async () => {
    const bodies: unknown[] = [];
    server.use(
      meHandler(member()),
      http.post('/api/plans/generate', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ planId: 'plan-7' }, { status: 201 });
      }),
      http.get('/api/plans', () => HttpResponse.json([])),
    );
    renderGenerating();
    expect(await screen.findByText('Generation Complete')).toBeInTheDocument();
    expect(await screen.findByText('Your action plan has been created')).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/plan/plan-7'));
    expect(bodies).toEqual([
      { ideaTitle: 'Pet Portrait Commissions', ideaDescription: 'Draw pets from photos sent by their owners.', category: 'fiverr', ideaId: 'fiverr-1' },
    ]);
  });

  it('sends a member out of plan credits to the dashboard’s limit notice', async () => {
    server.use(
      meHandler(member()),
      http.post('/api/plans/generate', () =>
        HttpResponse.json({ message: 'Plan limit reached', code: 'plan_limit', limitReached: true, upgradeRequired: true }, { status: 403 }),
      ),
      http.get('/api/plans', () => HttpResponse.json([])),
    );
    renderGenerating();
    await waitFor(() => expect(path()).toBe('/dashboard?limit=plan_limit'));
  });

  it('tells a rate-limited member to wait, then returns to the ideas', async () => {
    server.use(
      meHandler(member()),
      http.post('/api/plans/generate', () => HttpResponse.json({ message: 'Busy', code: 'ai_failed', errorType: 'rate_limit' }, { status: 503 })),
      http.get('/api/plans', () => HttpResponse.json([])),
    );
    renderGenerating();
    expect(await screen.findAllByText('Too many requests. Please wait a moment before trying again.')).not.toHaveLength(0);
    expect(path()).toBe(`/generating?${query}`);
    await waitFor(() => expect(path()).toBe('/ideas'), { timeout: 6000 });
  });

  it('says the idea was not found with the generic failure', async () => {
    server.use(
      meHandler(member()),
      http.post('/api/plans/generate', () => HttpResponse.json({ message: 'Idea not found', code: 'idea_not_found' }, { status: 404 })),
      http.get('/api/plans', () => HttpResponse.json([])),
    );
    renderGenerating();
    expect(await screen.findAllByText('Failed to generate plan. Please try again.')).not.toHaveLength(0);
    expect(screen.getAllByText(/Idea not found/).length).toBeGreaterThan(0);
    await waitFor(() => expect(path()).toBe('/ideas'));
  });

  it('refuses to start without the idea’s description', async () => {
    server.use(meHandler(member()));
    renderGenerating('/generating?type=plan&ideaTitle=Portraits&category=fiverr');
    expect(await screen.findByText('Missing plan information')).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/ideas'));
  });
});
