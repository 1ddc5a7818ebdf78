import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { pendingPlan } from '../../../lib/pending-generation';
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

  it('waits for the first call with the same key (a reload mid-way) and shows its plan', async () => {
    const keys: (string | null)[] = [];
    server.use(
      meHandler(member()),
      http.post('/api/plans/generate', ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return keys.length === 1
          ? HttpResponse.json({ message: 'A request with this Idempotency-Key is being processed. Please retry shortly.', code: 'idempotency_in_progress' }, { status: 409 })
          : HttpResponse.json({ planId: 'plan-7' }, { status: 201 });
      }),
      http.get('/api/plans', () => HttpResponse.json([])),
    );
    renderGenerating();
    expect(await screen.findByText('Generation Complete')).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/plan/plan-7'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('asks a signed-out visitor (an old tab) to sign in, once, and sends nothing', async () => {
    server.use(meHandler(null));
    renderGenerating();
    expect(await screen.findByText('Please sign in to generate your plan')).toBeInTheDocument();
    expect(screen.queryByText('Failed to generate plan. Please try again.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(path()).toBe('/auth?tab=signin'));
    expect(pendingPlan.read()).toEqual({
      ideaTitle: 'Pet Portrait Commissions',
      ideaDescription: 'Draw pets from photos sent by their owners.',
      category: 'fiverr',
      ideaId: 'fiverr-1',
    });
  });

  it('asks to sign in when the session ended before the plan was generated', async () => {
    server.use(
      meHandler(member()),
      http.post('/api/plans/generate', () => HttpResponse.json({ message: 'Please sign in', code: 'unauthorized' }, { status: 401 })),
    );
    renderGenerating();
    expect(await screen.findByText('Please sign in to generate your plan')).toBeInTheDocument();
    expect(screen.queryByText('Failed to generate plan. Please try again.')).not.toBeInTheDocument();
    expect(screen.queryByText('Please sign in')).not.toBeInTheDocument();
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
